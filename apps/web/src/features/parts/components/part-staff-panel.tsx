import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PartPage } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { useMergePart, useNamePart } from '../api/part';

/** Staff only (the server checks too): name the part and give it a category, or merge its number into another. */
export function PartStaffPanel({ part }: { part: PartPage['part'] }) {
  const navigate = useNavigate();
  const name = useNamePart(part.key);
  const merge = useMergePart(part.key);
  const [nameText, setNameText] = useState(part.name ?? '');
  const [categoryText, setCategoryText] = useState(part.category ?? '');
  const [into, setInto] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [mergeError, setMergeError] = useState<string>();

  async function save(event: FormEvent) {
    event.preventDefault();
    setNameError(undefined);
    try {
      const result = await name.mutateAsync({ name: nameText, category: categoryText });
      toast.success(result.message);
    } catch (failure) {
      setNameError(errorMessage(failure));
    }
  }

  async function mergeInto(event: FormEvent) {
    event.preventDefault();
    setMergeError(undefined);
    try {
      const result = await merge.mutateAsync({ into });
      toast.success(result.message);
      navigate(paths.part(result.key));
    } catch (failure) {
      setMergeError(errorMessage(failure));
    }
  }

  return (
    <section aria-labelledby="part-staff" className="mt-8 rounded-lg border border-border bg-surface p-4">
      <h2 id="part-staff" className="text-lg font-semibold">
        Staff: this part
      </h2>
      <form onSubmit={save} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField label="Part name" value={nameText} onChange={(e) => setNameText(e.target.value)} maxLength={100} />
        <FormField
          label="Category"
          value={categoryText}
          onChange={(e) => setCategoryText(e.target.value)}
          maxLength={100}
          error={nameError}
        />
        <Button type="submit" disabled={name.isPending}>
          Save part
        </Button>
      </form>
      <form onSubmit={mergeInto} className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField
          label="Merge this number into part number"
          value={into}
          onChange={(e) => setInto(e.target.value)}
          hint={`Its questions and photos move to that part's page; ${part.number} then leads there.`}
          error={mergeError}
          required
        />
        <Button type="submit" variant="secondary" disabled={merge.isPending}>
          Merge
        </Button>
      </form>
    </section>
  );
}
