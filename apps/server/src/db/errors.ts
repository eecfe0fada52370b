/** A PostgreSQL unique violation (23505), optionally of one named constraint. */
export const isUniqueViolation = (e: unknown, constraint?: string): boolean => {
  const err = (e as { cause?: unknown })?.cause ?? e;
  const pgErr = err as { code?: string; constraint?: string };
  return pgErr?.code === '23505' && (!constraint || pgErr.constraint === constraint);
};
