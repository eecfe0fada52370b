// What other modules call, inside their own transaction: a notification is written with the change it tells of.
export { insertNotifications, staffIdsExcept, type NewNotification } from './repo.js';
// The one layout of the emails about what happened (text and HTML parts), for the few sent without a notification.
export { emailHtml, emailText, type EmailContent } from './email-layout.js';
