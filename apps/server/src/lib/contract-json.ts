import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import {
  memberProfileSchema,
  memberReplyListSchema,
  postDetailSchema,
  postListSchema,
  postSummarySchema,
  replyPageSchema,
  searchResultsSchema,
} from '@fenestra/shared';

type JsonSchema = Record<string, unknown>;

/**
 * A zod contract as the JSON Schema fast-json-stringify compiles: only the properties the contract names are
 * written (the output whitelist), `required` dropped (a missing optional-in-practice field is left out, as
 * JSON.stringify leaves it, rather than failing the answer), and `X | null` as one typed schema rather than an
 * anyOf the serializer would check value by value.
 */
export function serializerSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return simplify(json);
}

function simplify(node: unknown): JsonSchema {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'required') continue;
    if (key === 'properties' || key === 'definitions' || key === '$defs')
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, child]) => [name, simplify(child)]),
      );
    else if (key === 'items' || key === 'additionalProperties')
      out[key] = typeof value === 'object' ? simplify(value) : value;
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') out[key] = (value as unknown[]).map(simplify);
    else out[key] = value;
  }
  return collapseNullable(out);
}

/** `{ anyOf: [{ type: T, ... }, { type: 'null' }] }` becomes `{ type: [T, 'null'], ... }`. */
function collapseNullable(node: JsonSchema): JsonSchema {
  const branches = node.anyOf as JsonSchema[] | undefined;
  if (!branches || branches.length !== 2) return node;
  const nullAt = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
  const other = branches[1 - nullAt];
  if (nullAt < 0 || !other || typeof other.type !== 'string' || other.anyOf || other.enum || other.const) return node;
  const { anyOf: _anyOf, ...rest } = node;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/** Writes a value as its contract allows: fields the contract does not name never leave (the output whitelist). */
export function contractJson<T>(schema: z.ZodType<T>): (value: T) => string {
  return fastJson(serializerSchema(schema) as unknown as Parameters<typeof fastJson>[0]) as (value: T) => string;
}

/**
 * The answers the public-read caches keep as bytes, written through the contracts their routes declare: a cached
 * answer is sent as it is (never through the route's serializer), so it is whitelisted when it is made.
 */
export const answerJson = {
  postSummary: contractJson(postSummarySchema),
  postDetail: contractJson(postDetailSchema),
  postList: contractJson(postListSchema),
  replyPage: contractJson(replyPageSchema),
  memberProfile: contractJson(memberProfileSchema),
  memberReplyList: contractJson(memberReplyListSchema),
  searchResults: contractJson(searchResultsSchema),
};
