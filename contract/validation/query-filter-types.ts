import { Type } from 'typebox';

/** The ten filter operations of spec §9. */
export const FILTER_OPERATIONS = [
  'Like',
  'Equal',
  'UnEqual',
  'In',
  'NotIn',
  'BetweenAnd',
  'IsNull',
  'IsNotNull',
  'Contains',
  'LessEqual',
] as const;
/** One filter operation. */
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

/** How a condition joins the conditions before it. */
export const FILTER_CONNECTIONS = ['And', 'Or'] as const;
/** And or Or. */
export type FilterConnection = (typeof FILTER_CONNECTIONS)[number];

/** How the filter value is read: text (default), number, date (ISO text, compared as such) or boolean. */
export const EXPRESS_TYPES = ['string', 'number', 'date', 'boolean'] as const;
/** A value type hint. */
export type ExpressType = (typeof EXPRESS_TYPES)[number];

/** A single filter value. */
export type FilterScalar = string | number | boolean;

/** One condition of a query (spec §3); `childFilter` groups further conditions with it (see matchesFilters). */
export type QueryFilter = {
  filterName: string;
  operation: FilterOperation;
  expressType?: ExpressType;
  filterValue?: FilterScalar | FilterScalar[] | null;
  /** Joins this condition to the ones before it; default And; ignored on the first of a list. */
  connection?: FilterConnection;
  childFilter?: QueryFilter[];
};

const Scalar = Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean()]);

/**
 * TypeBox schema of one filter, recursive through childFilter. It checks shapes only;
 * validateQueryFilters adds the per-operation rules and the Chinese messages.
 */
export const QueryFilterSchema = Type.Cyclic(
  {
    QueryFilter: Type.Object({
      filterName: Type.String({ maxLength: 100 }),
      operation: Type.Union(FILTER_OPERATIONS.map((o) => Type.Literal(o))),
      expressType: Type.Optional(Type.Union(EXPRESS_TYPES.map((t) => Type.Literal(t)))),
      filterValue: Type.Optional(Type.Union([Scalar, Type.Null(), Type.Array(Scalar, { maxItems: 1000 })])),
      connection: Type.Optional(Type.Union(FILTER_CONNECTIONS.map((c) => Type.Literal(c)))),
      childFilter: Type.Optional(Type.Array(Type.Ref('QueryFilter'), { maxItems: 50 })),
    }),
  },
  'QueryFilter',
);

/** TypeBox schema of a filter list, as sent by list calls. */
export const QueryFilterListSchema = Type.Array(QueryFilterSchema, { maxItems: 50 });
