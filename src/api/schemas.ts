// Run-time schemas of the service's responses (../shared/spec/interface.md), with valibot.
//
// Why valibot: it is modular, so a bundle carries only the validators it uses (a few KB minified for
// everything here), where zod ships its whole core (tens of KB) into every bundle that imports it.
//
// Tolerance, because the spec does not say which members are required or nullable:
// - only the identifiers a client cannot work without are required (`@id` of a recommendation and of
//   an entity, `id` of a location or event, `score`); every other member may be missing or null;
// - unknown members are kept (`looseObject`), so a newer service's extra data reaches the user;
// - numbers sent as numeric text ("0.93") are accepted and converted, since the spec carries
//   coordinates as text and a service may do the same for other decimals.
import * as v from 'valibot';

const nullish = <T extends v.GenericSchema>(schema: T) => v.nullish(schema);

/** A JSON number, or a string holding one (converted). */
export const NumberLike = v.union([
  v.pipe(v.number(), v.finite()),
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/, 'a number or numeric text'),
    v.transform(Number),
    // "1e999" is numeric text but no finite number (a property test found it as Infinity).
    v.finite('a number within range'),
  ),
]);

export const AddressSchema = v.looseObject({
  streetAddress: nullish(v.string()),
  postalCode: nullish(v.string()),
  addressRegion: nullish(v.string()),
  addressLocality: nullish(v.string()),
  addressCountry: nullish(v.string()),
});

export const SourceIdSchema = v.looseObject({
  integration: nullish(v.string()),
  id: nullish(v.string()),
});

export const UrlEntrySchema = v.looseObject({
  integration: nullish(v.string()),
  url: nullish(v.string()),
});

export const ImageSchema = v.looseObject({
  contentUrl: nullish(v.string()),
  height: nullish(NumberLike),
  width: nullish(NumberLike),
  representativeOfPage: nullish(v.boolean()),
  integration: nullish(v.string()),
});

export const CategorySchema = v.looseObject({
  identifier: nullish(v.string()),
  name: nullish(v.string()),
});

export const RecommendationEntitySchema = v.looseObject({
  '@id': v.string(),
  '@type': nullish(v.string()),
  integration: nullish(v.string()),
  sourceId: nullish(v.string()),
  identifier: nullish(v.string()),
  name: nullish(v.string()),
  url: nullish(v.string()),
  telephone: nullish(v.string()),
  address: nullish(AddressSchema),
});

export const RecommendationSchema = v.looseObject({
  '@id': v.string(),
  '@type': nullish(v.string()),
  score: NumberLike,
  entities: v.array(RecommendationEntitySchema),
});

const coordinate = nullish(v.union([v.string(), v.number()]));

export const LocationSchema = v.looseObject({
  id: v.string(),
  updatedAt: nullish(v.string()),
  createdAt: nullish(v.string()),
  sourceIds: nullish(v.array(SourceIdSchema)),
  urls: nullish(v.array(UrlEntrySchema)),
  name: nullish(v.string()),
  latitude: coordinate,
  longitude: coordinate,
  telephone: nullish(v.string()),
  integrations: nullish(v.array(v.string())),
  address: nullish(AddressSchema),
  images: nullish(v.array(ImageSchema)),
});

export const EventSchema = v.looseObject({
  id: v.string(),
  updatedAt: nullish(v.string()),
  createdAt: nullish(v.string()),
  integrations: nullish(v.array(v.string())),
  name: nullish(v.string()),
  description: nullish(v.string()),
  startDate: nullish(v.string()),
  accessStart: nullish(v.string()),
  accessEnd: nullish(v.string()),
  dateConfirmed: nullish(v.boolean()),
  timeConfirmed: nullish(v.boolean()),
  maximumPrice: nullish(NumberLike),
  minimumPrice: nullish(NumberLike),
  averagePrice: nullish(NumberLike),
  listingCount: nullish(NumberLike),
  eventStatus: nullish(v.string()),
  categories: nullish(v.array(CategorySchema)),
  keywords: nullish(v.array(v.string())),
  sourceIds: nullish(v.array(SourceIdSchema)),
  urls: nullish(v.array(UrlEntrySchema)),
  images: nullish(v.array(ImageSchema)),
  location: nullish(LocationSchema),
});

/** `data` of the recommendation list: an array, or a JSON-LD object `{ "@context", "@graph": [...] }`. */
export const RecommendationDataSchema = v.union([
  v.array(RecommendationSchema),
  v.looseObject({ '@context': v.optional(v.unknown()), '@graph': v.array(RecommendationSchema) }),
]);

const pageMembers = {
  page: NumberLike,
  has_next_page: v.boolean(),
};

export const RecommendationPageSchema = v.looseObject({
  ...pageMembers,
  total: nullish(NumberLike),
  data: RecommendationDataSchema,
});

export const LocationPageSchema = v.looseObject({ ...pageMembers, data: v.array(LocationSchema) });
export const EventPageSchema = v.looseObject({ ...pageMembers, data: v.array(EventSchema) });

export const DecisionResponseSchema = v.looseObject({ success: v.literal(true) });
