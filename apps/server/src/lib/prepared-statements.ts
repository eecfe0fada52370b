/** A drizzle query's prepared form, run with its placeholders' values. */
export interface Prepared<Row> {
  execute(params: Record<string, unknown>): Promise<Row[]>;
}

/** A query builder that can be prepared under a name. */
export type Preparable<Row> = () => { prepare(name: string): Prepared<Row> };

/**
 * Named prepared statements, each made on first use (its builder runs once per name): PostgreSQL parses
 * and plans each once per connection.
 */
export function preparedStatements() {
  const statements = new Map<string, unknown>();
  return function prepared<Row>(name: string, build: Preparable<Row>): Prepared<Row> {
    let statement = statements.get(name) as Prepared<Row> | undefined;
    if (!statement) statements.set(name, (statement = build().prepare(name)));
    return statement;
  };
}

export type PreparedStatements = ReturnType<typeof preparedStatements>;
