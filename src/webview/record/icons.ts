// The codicons the record pages draw, and the only ones the VSIX carries: the build (esbuild.js,
// writeCodicons) reads this list and writes media/codicons/ with a font of just these glyphs and
// their CSS rules (≈ 4 KB instead of the whole font's 126 KB, for the VSIX's size). `icon()` takes
// only these names, so an icon used but not listed fails the typecheck, not the page. Pure data.
export const RECORD_ICONS = [
  'calendar',
  'copy',
  'file-media',
  'globe',
  'go-to-file',
  'history',
  'info',
  'json',
  'link',
  'location',
  'more',
  'plug',
  'references',
  'refresh',
] as const;

export type RecordIcon = (typeof RECORD_ICONS)[number];
