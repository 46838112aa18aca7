// The protocol of the comparison page (the comparison panel and the review queue) towards the page,
// written once as valibot schemas (see ../shared/messages.ts): the page parses what the extension
// posts (ToComparisonPage) and its saved state (PanelStateSchema); the extension builds them from
// the inferred types. What the page posts is in from-page.ts (the extension parses it), the row
// keys in fields.ts: the extension bundle does not carry these schemas, nor the page those. The
// types are inferred from the schemas, so a message cannot change shape on one side only. Plain
// data: no DOM, no vscode.
import * as v from 'valibot';
import { ToneSchema } from '../shared/messages';
import { EVENT_ROW_KEYS, FIELD_KEYS, VERDICTS } from './fields';

export type { FieldKey, RowKey, Verdict } from './fields';
export type { ComparisonPageMessage, FromWebview, QueueAction } from './from-page';

/** One matcher field's evidence for one pair (entity `against` compared with entity 0). */
const EvidenceSchema = v.object({
  /** The matcher's field name: name, address, town, postcode, phone, url, distance, integration, start, location. */
  field: v.string(),
  /** null: a value is missing on one side, so the field says nothing (weight 0). */
  similarity: v.nullable(v.number()),
  /** Log-odds contribution in bits. */
  weight: v.number(),
  /** The normalised values the matcher compared, for display. */
  a: v.optional(v.string()),
  b: v.optional(v.string()),
  /** The comparison level the pair fell into ("exact", "< 50 m", …); its m and u gave the weight. */
  level: v.optional(v.string()),
  /** The "where" field that counted in full: this agreement says the same place again, so it adds less (or nothing). */
  countedWith: v.optional(v.string()),
});
export type Evidence = v.InferOutput<typeof EvidenceSchema>;

/** Why the matcher scores entity `against` as it does against entity 0: prior + Σ weights = logOdds → score. */
const PairExplanationSchema = v.object({
  against: v.number(),
  score: v.number(),
  logOdds: v.number(),
  prior: v.number(),
  evidence: v.array(EvidenceSchema),
  /** Metres between the two entities, when both carry coordinates (not in the interface; some services send them). */
  meters: v.optional(v.number()),
  /** Bits the curator's decisions on pairs of this pattern added, when the service's model learned from them (in logOdds). */
  answers: v.optional(v.number()),
  /** Bits the pair lost to rival candidates of its entities (one-to-one between sources), when the service's model assigns so (in logOdds). */
  rivals: v.optional(v.number()),
});
export type PairExplanation = v.InferOutput<typeof PairExplanationSchema>;

const ComparisonRowSchema = v.object({
  /** The field; the page names it in the user's language (its strings). */
  key: v.picklist([...FIELD_KEYS, ...EVENT_ROW_KEYS]),
  /** One value per entity, null when the entity has none. */
  values: v.array(v.nullable(v.string())),
  /** The matcher fields that speak for this row (empty: the matcher does not compare it). */
  matcherFields: v.array(v.string()),
  /** A second line under each value, not diffed (the start's UTC under its local time); null: none. */
  notes: v.optional(v.array(v.nullable(v.string()))),
  /**
   * Triage's word for the row's matcher field (src/triage/features.ts), the word its group is named
   * with; the row says it instead of its own text comparison. Absent: the row is no pattern field.
   */
  agreement: v.optional(v.picklist(['equal', 'close', 'differs', 'missing'])),
});
export type ComparisonRow = v.InferOutput<typeof ComparisonRowSchema>;

const TriageNotesSchema = v.object({
  /** One sentence per warning flag. */
  flags: v.array(v.string()),
  /** Set when the curator marked it unsure, with their note if any. */
  unsure: v.optional(v.object({ note: v.optional(v.string()) })),
});
export type TriageNotes = v.InferOutput<typeof TriageNotesSchema>;

export const ComparisonViewSchema = v.object({
  recommendationId: v.string(),
  /** The service's score, 0..1. */
  score: v.number(),
  kind: v.picklist(['location', 'event']),
  /** Column headings, one per entity. */
  entities: v.array(v.object({ id: v.string(), label: v.string() })),
  rows: v.array(ComparisonRowSchema),
  /** One per entity after the first, each compared with the first. */
  explanations: v.array(PairExplanationSchema),
  /**
   * Whose weights the explanations are: the service's own model (the sandbox explains its scores,
   * estimated from its data or hand-set, learned from `labels` labelled pairs) or, when the service
   * does not say, this editor's hand-set model. Absent: the editor's (older saved states).
   */
  weights: v.optional(
    v.union([v.object({ source: v.literal('service'), model: v.picklist(['estimated', 'prior']), labels: v.number() }), v.object({ source: v.literal('editor') })]),
  ),
  /** Pending recommendations left after this one, when known. */
  remaining: v.optional(v.number()),
  /** Triage's notes: the flags in words and the curator's unsure mark. Absent in blind mode. */
  triage: v.optional(TriageNotesSchema),
  /**
   * Blind review (queue setting): the extension sent no score, no flags and no matcher sum, so the
   * curator's answer is not anchored on them; `score` is 0 and `explanations` empty.
   */
  blind: v.optional(v.boolean()),
  /** A random audit draw of triage's: shown blind, and said so. */
  audit: v.optional(v.boolean()),
  /**
   * Why the review queue asks this one, when triage gives a reason: the model is least sure of it,
   * a uniformly random audit draw, or for its group (`group`: the group's words).
   */
  asked: v.optional(v.object({ why: v.picklist(['uncertain', 'audit', 'group']), group: v.optional(v.string()) })),
});
export type ComparisonView = v.InferOutput<typeof ComparisonViewSchema>;

const VerdictSchema = v.picklist(VERDICTS);

/** What the panel shows about a decision. */
const DecisionStatusSchema = v.union([
  v.object({ state: v.literal('working'), verdict: VerdictSchema }),
  v.object({ state: v.literal('done'), verdict: VerdictSchema, message: v.string() }),
  v.object({ state: v.literal('failed'), verdict: VerdictSchema, message: v.string() }),
  v.object({ state: v.literal('cancelled'), verdict: VerdictSchema }),
]);
export type DecisionStatus = v.InferOutput<typeof DecisionStatusSchema>;

/** Where an item of the review queue stands. */
const QueueItemStateSchema = v.picklist(['pending', 'skipped', 'approved', 'rejected', 'gone']);
export type QueueItemState = v.InferOutput<typeof QueueItemStateSchema>;

/** The review queue's header: counts and what the navigation keys can do now. */
const QueueStatusSchema = v.object({
  /** Decided in this queue (approved + rejected). */
  done: v.number(),
  approved: v.number(),
  rejected: v.number(),
  /** Skipped in this queue and still skipped (skips are local: the service never hears of them). */
  skipped: v.number(),
  /** Pending, not skipped, not yet decided: the one on screen included. */
  remaining: v.number(),
  /** The service has pages not loaded yet whose recommendations may add to `remaining`. */
  more: v.boolean(),
  /** 1-based place of the item on screen among those visited; 0 at the end of the queue. */
  position: v.number(),
  /** The item on screen; undefined at the end of the queue. */
  item: v.optional(QueueItemStateSchema),
  canBack: v.boolean(),
  canUndo: v.boolean(),
  /** At the end because a page could not be loaded: S (Skip →) tries again. Else Skip has nothing to act on there. */
  retry: v.optional(v.boolean()),
  /**
   * The Recommendations view's sort and filter the queue follows, in words ("filtered: ≥ 80% ·
   * score ↑ · among 50 loaded of 206"); absent when the view shows the service's list as it is.
   */
  scope: v.optional(v.string()),
  /**
   * Set when the queue walks one triage group only ("Review samples" in the Triage panel): the
   * group's pattern in words (the header says "Reviewing group: … (n pending)", n = remaining).
   */
  group: v.optional(v.object({ words: v.string(), key: v.optional(v.string()) })),
  /**
   * The service could not be reached (a decision failed on the network): `message` says so; while
   * `paused`, A and R send nothing (the queue waits for the service, or for "Go on anyway").
   */
  offline: v.optional(v.object({ message: v.string(), paused: v.boolean() })),
  /** Decisions of this connection that did not reach the service, oldest first (Retry Failed Decisions sends them). */
  failed: v.optional(v.array(v.object({ verdict: VerdictSchema, names: v.string(), reason: v.string() }))),
  /** How many more failed decisions there are than `failed` lists. */
  failedMore: v.optional(v.number()),
});
export type QueueStatus = v.InferOutput<typeof QueueStatusSchema>;

/**
 * `replay: true` marks the extension's answer to `ready` when it posted the same early, before the
 * page listened (BasePanel's `postsEarly`): the page drops a replay of what it already received.
 * Part of every message's schema, or valibot's objects would strip it before the page sees it.
 */
const REPLAY = { replay: v.optional(v.literal(true)) };

/**
 * Queue mode: the latest move (a key the page numbered, `seq` in from-page.ts) the extension had
 * received when it posted this. The page drops a `show`, `queueStatus` or `queueEnd` older than its
 * own latest move: it describes the queue before that move, over the item the page drew ahead.
 */
const MOVES_SEEN = { seq: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) };

const forRecommendation = <T extends string>(type: T) => v.object({ ...REPLAY, type: v.literal(type), recommendationId: v.string(), message: v.string() });

/** Extension → page. */
export const ToComparisonPage = v.union([
  /**
   * notice: a line for the status area, e.g. the outcome of the decision that led here. queue: set
   * in queue mode. next (queue mode): what A, R or S leads to, so the page draws it at once and the
   * extension's own `show` for it follows; absent when unknown (a page to load) or when a reject
   * needs confirming.
   */
  v.object({ ...REPLAY, ...MOVES_SEEN, type: v.literal('show'), view: ComparisonViewSchema, notice: v.optional(v.string()), queue: v.optional(QueueStatusSchema), connection: v.optional(v.string()), next: v.optional(ComparisonViewSchema) }),
  /** A line for the status area of whatever is on screen: the outcome of a decision sent in the background. */
  v.object({ ...REPLAY, type: v.literal('notice'), message: v.string(), tone: ToneSchema }),
  v.object({ ...REPLAY, type: v.literal('decision'), recommendationId: v.string(), status: DecisionStatusSchema }),
  /** The recommendation is no longer pending (decided elsewhere, or gone after a reload). */
  forRecommendation('gone'),
  /**
   * Approve and Reject are unavailable for the reason given (a restored panel still checking the
   * list, or showing a recommendation it cannot decide): buttons off, the reason on screen.
   */
  forRecommendation('hold'),
  /** Pending again: the decision made elsewhere failed and the recommendation went back to the tree. */
  forRecommendation('pending'),
  /** The queue's counts changed while the same item stays on screen. */
  v.object({ ...REPLAY, ...MOVES_SEEN, type: v.literal('queueStatus'), queue: QueueStatusSchema }),
  /**
   * Nothing left to review in the queue (message: the summary, or why no more could be loaded);
   * heading, when not "Review queue finished" (an empty list, a queue stopped by a connection switch).
   */
  v.object({ ...REPLAY, ...MOVES_SEEN, type: v.literal('queueEnd'), queue: QueueStatusSchema, message: v.string(), heading: v.optional(v.string()) }),
]);
export type ToWebview = v.InferOutput<typeof ToComparisonPage>;

/** What the page keeps with vscode.setState, and what the panel serializer restores from. */
export const PanelStateSchema = v.object({
  recommendationId: v.string(),
  view: v.optional(ComparisonViewSchema),
  /** The panel was a review queue: restored as a new queue (its local skips are not kept). */
  queue: v.optional(v.boolean()),
  /** The name of the connection the recommendation came from: a restored panel decides only there. */
  connection: v.optional(v.string()),
  /** The triage group a queue walked: a restored queue walks it again (its key), or says it cannot (its words). */
  group: v.optional(v.object({ key: v.string(), words: v.string() })),
});
export type PanelState = v.InferOutput<typeof PanelStateSchema>;
