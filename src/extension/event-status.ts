// How an event's status reads, in the Events tree and in the event panels alike:
// `https://schema.org/EventScheduled` or `EventScheduled` → `Scheduled`. No vscode import, so the
// panels' view builders that use it are tested without the editor.
export function statusText(status: string | null | undefined): string | null {
  if (typeof status !== 'string' || status.trim() === '') return null;
  return status.replace(/^.*[/#]/, '').replace(/^Event(?=.)/, '') || status;
}
