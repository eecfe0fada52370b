import { Bell } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';

/** Placeholder bell: the live list arrives with the notifications issue. */
export function NotificationsButton() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell className="size-5" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications">
        <p className="text-sm font-semibold">Notifications</p>
        <p className="mt-2 text-sm text-muted">No notifications yet</p>
      </PopoverContent>
    </Popover>
  );
}
