/** The 'Loading...' state of SPEC section 2, announced politely. */
export function Loading() {
  return (
    <p role="status" className="py-10 text-center text-muted">
      Loading...
    </p>
  );
}
