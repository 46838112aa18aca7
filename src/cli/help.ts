// Help texts of `dedup-curator` and its commands.

// Approve and reject take the same options for deciding a triage group.
const GROUP_DECISION = `Or decide a whole pattern group from 'dedup-curator triage' (its members not marked unsure):
  --group KEY              the group's key as triage prints it
  --min-p P                only members whose estimated probability of this verdict is at least P
  --journal FILE           the decision journal to learn from and to record every attempt in
  --target-precision P     as for triage (default 0.99)
  --target-recall R        as for triage (default 0.97)
  --force                  decide it although triage does not call it safe`;

const ID_LIST_DECISION = (verdict: string) => `Or decide a list of recommendations (read whole and checked before any request):
  --ids FILE               one recommendation a line: its ID, or its JSON as 'dedup-curator
                           recommendations' writes it (NDJSON); FILE - reads standard input; blank
                           lines and lines starting with # are skipped, a repeated ID is decided once
  --concurrency N          requests at once (default 8, 1-16)
  --journal FILE           record every attempt in this decision journal (triage learns from
                           the lines that gave the recommendation's JSON, not from bare IDs)
Each recommendation's outcome is a line on stdout as its answer comes: {"id": …, "decision":
"${verdict}"}, "moot" (already decided, or merged away by an earlier approval), "failed" or "unknown"
with "error" and "message", or "not-sent" after Ctrl-C or a refused token (the run stops at the first).
Exit 0 when none failed, 5 when some failed or their outcome is unknown, 3 when the token was refused,
130 when interrupted.
  dedup-curator recommendations --all | jq -c 'select(.score ${verdict === 'approved' ? '>= 0.99' : '< 0.1'})' | dedup-curator ${verdict === 'approved' ? 'approve' : 'reject'} --ids -`;

const CONNECTION = `Connection:
  --base-url URL        service address (or DEDUP_BASE_URL), e.g. https://dedup.example.com
  --token-file FILE     read the access token from FILE (default: DEDUP_TOKEN)
  --timeout SECONDS     per request (default 30; from 0.001 to 2147483, the longest a timer waits)
  --retries N           retries of a list request after 429, 500, 502-504 or a network error
                        (default 3, 0-10); approve and reject are never retried, nor redirected`;

const OUTPUT = `Output:
  --format F            ndjson (default, one record per line), json or csv
  --page N              page to get (default 0)
  --page-size N         records per page (default 50)
  --all                 every page from --page on, streamed as the pages arrive; a page still
                        failing after its retries is asked again (twice, after 1 s and 2 s); a
                        record repeated on a later page is written once (stderr says how many);
                        a listing that cannot end (far past its total, or pages bringing nothing
                        new) stops with exit 5`;

const EXIT_CODES = `Exit codes: 0 ok; 2 usage error or 400; 3 token refused (401, 402); 4 not found or conflict;
5 other HTTP status or invalid answer; 6 network error or timeout; 130 interrupted.`;

export const HELP: Record<string, string> = {
  main: `dedup-curator: curate the output of a location and event deduplication service.

Usage: dedup-curator <command> [options]

Commands:
  recommendations       list pending duplicate recommendations
  locations             list deduplicated locations updated since a moment
  events                list deduplicated events updated since a moment
  approve ID            approve a recommendation (its entities are merged); --ids FILE a list
  reject ID             reject a recommendation; --ids FILE a list
  triage                the pending backlog in groups of agreeing fields, with estimates learnt
                        from your decisions; approve|reject --group KEY decides a safe group;
                        --next N the recommendations to answer next
  mirror sync|search    a local copy of every location and event, synced incrementally and
                        searched offline (typos, accents, prefixes, source ids)
  sandbox               run the local sandbox service (synthetic data, no credentials)

Run 'dedup-curator <command> --help' for a command's options.
Moments are given as 2024-05-01 (midnight UTC), a time with its zone, 7d (that long ago) or 'all';
the records' timestamps are UTC in the form YYYY-MM-DDTHH:mm:ss.sssZ.

${EXIT_CODES}`,
  recommendations: `Usage: dedup-curator recommendations [--page N] [--page-size N] [--all] [options]

List pending recommendations (page size at most 200). With --all, pages are fetched a few at a
time in parallel and written in order.

${OUTPUT}
  --concurrency N       pages fetched at once with --all (default 4)

${CONNECTION}

${EXIT_CODES}`,
  locations: `Usage: dedup-curator locations --updated-since TS [--only-external-updates] [--page N] [--page-size N] [--all] [options]

List deduplicated locations updated or created since TS (page size at most 500).

  --updated-since TS          required, e.g. 2024-01-01, 7d or all
  --only-external-updates     only updates synced from third-party sources count

A moment TS is 2024-05-01 (midnight UTC), a time with its zone (2024-05-01T08:00+02:00,
2024-05-01T06:00:00.000Z), how long ago (30m, 24h, 7d), or 'all' (the earliest instant: every record).

${OUTPUT}

${CONNECTION}

${EXIT_CODES}`,
  events: `Usage: dedup-curator events --updated-since TS [--start-after TS] [--start-before TS] [--location URI]
                            [--only-external-updates] [--page N] [--page-size N] [--all] [options]

List deduplicated events updated or created since TS (page size at most 500).

  --updated-since TS          required, e.g. 2024-01-01, 7d or all
  --start-after TS            only events starting after TS
  --start-before TS           only events starting before TS
  --location URI              only events at this location
  --only-external-updates     only updates synced from third-party sources count

A moment TS is 2024-05-01 (midnight UTC), a time with its zone (2024-05-01T08:00+02:00,
2024-05-01T06:00:00.000Z), how long ago (30m, 24h, 7d), or 'all' (the earliest instant: every record).

${OUTPUT}

${CONNECTION}

${EXIT_CODES}`,
  triage: `Usage: dedup-curator triage [--journal FILE] [--format table|json|csv] [--target-precision P] [--target-recall R] [options]
       dedup-curator triage --next N [--journal FILE] [options]

Read every pending recommendation, group it by which fields agree between its entities (equal,
close, differs, missing; flagged traps apart: same source, another venue in one building, chains,
rejected before, one entity unlike the others), and estimate each group's share of approvals from
the decisions in FILE (the extension's decision journal: "Export Decision History" or its file in
the extension's storage). Groups are safe to approve together while the approvals in bulk keep
the target precision (at the end of 90 % intervals); safe to reject together while the true
matches all bulk rejections lose stay within 1 - R of the backlog's true matches (the most they
may lose against the fewest there can be), and only groups whose matches are less likely than not.

  --journal FILE          decisions to learn from (without it: groups and scores, no estimates)
  --format F              table (default), json or csv
  --target-precision P    default 0.99
  --target-recall R       default 0.97
  --next N                instead of the groups, the N recommendations to answer next (the review
                          queue's order), NDJSON: each as 'recommendations' writes it, with a
                          "triage" member (its group, why it is asked; an audit draw comes without
                          its score, to be answered blind). Answer them with 'approve --ids FILE'
                          and 'reject --ids FILE' and the same --journal, then run triage again:
    dedup-curator triage --next 20 --journal j.ndjson > ask.ndjson
    (split ask.ndjson into yes.ndjson and no.ndjson)
    dedup-curator approve --ids yes.ndjson --journal j.ndjson; dedup-curator reject --ids no.ndjson --journal j.ndjson

${CONNECTION}

${EXIT_CODES}`,
  approve: `Usage: dedup-curator approve ID [options]
       dedup-curator approve --group KEY [--min-p P] [--journal FILE] [options]
       dedup-curator approve --ids FILE|- [--concurrency N] [--journal FILE] [options]

Approve the recommendation ID: its entities are connected as duplicates. Never retried
automatically; after a network error, list the recommendations to see whether it was applied.

${GROUP_DECISION}

${ID_LIST_DECISION('approved')}

${CONNECTION}

${EXIT_CODES}`,
  reject: `Usage: dedup-curator reject ID [options]
       dedup-curator reject --group KEY [--min-p P] [--journal FILE] [options]
       dedup-curator reject --ids FILE|- [--concurrency N] [--journal FILE] [options]

Reject the recommendation ID. Never retried automatically.

${GROUP_DECISION}

${ID_LIST_DECISION('rejected')}

${CONNECTION}

${EXIT_CODES}`,
  mirror: `Usage: dedup-curator mirror sync --dir DIR [options]
       dedup-curator mirror search QUERY --dir DIR [--kind locations|events] [--limit N] [--format F]

A local copy of the service's locations and events in DIR, searchable offline.
  sync      the first time, every record; later, only what changed since the last sync
  search    whole records, best match first

Run 'dedup-curator mirror sync --help' or 'dedup-curator mirror search --help' for their options.

${EXIT_CODES}`,
  mirrorSync: `Usage: dedup-curator mirror sync --dir DIR [options]

Bring the mirror in DIR up to date (created on first use): the first sync lists every location and
event; later ones list only what changed since the newest update seen, less five minutes. Records
merged into another since the last sync are removed. Progress goes to stderr, one JSON summary line
per kind to stdout. Interrupted (Ctrl-C, network, kill), DIR keeps the previous copy and the next
sync resumes after the last page received. DIR never holds the access token; a mirror belongs to
one service address.

  --dir DIR             the mirror's directory (required)
  --page-size N         records per request, 1-500 (default 500, the fewest round trips)

${CONNECTION}

${EXIT_CODES}`,
  mirrorSearch: `Usage: dedup-curator mirror search QUERY --dir DIR [--kind locations|events] [--limit N] [--format F]

Search the mirror in DIR (no network): by name, street, locality, postcode, source id and
integration. Every word of QUERY must match, accents and case ignored; the last word may be a
prefix, words of 4 letters or more may have a typo (numbers never). Prints whole records, best
first; an empty QUERY ("") lists records up to the limit.

  --dir DIR             the mirror's directory (required)
  --kind K              locations (default) or events (found by their location's address too)
  --limit N             at most N records (default 20)
  --format F            ndjson (default, one record per line), json or csv

${EXIT_CODES}`,
};
