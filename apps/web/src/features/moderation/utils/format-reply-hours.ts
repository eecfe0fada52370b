/** '2.5h' with one decimal (SPEC section 9); '0h' until there is a reply to measure. */
export function formatReplyHours(hours: number): string {
  return hours > 0 ? `${hours.toFixed(1)}h` : '0h';
}
