/**
 * The rows of the incident markers' labels above a chart: a label sits centred over its marker,
 * and one that would overlap a label already placed in a row goes to the next row, so close
 * incidents stay readable. Past the last row a label is hidden (the marker stays; hovering shows it).
 * Labels are placed newest first: when there is no room, it is the older incidents' labels that go,
 * not the one the operator just caused (a kill after the cluster's start-up burst).
 */

/** How many label rows a chart keeps above its plot area. */
export const INCIDENT_LABEL_ROWS = 3;
/** One row's height: the label's 12 px font and its spacing. */
export const INCIDENT_LABEL_ROW_PX = 14;
/** Room kept between two labels of one row. */
const LABEL_GAP_PX = 6;

/** A label's width, estimated: about 6.5 px per Latin character and 12 px per CJK one at 12 px. */
export function labelWidthPx(title: string): number {
  let width = 0;
  for (const ch of title) width += ch.charCodeAt(0) > 0x2e7f ? 12 : 6.5;
  return width;
}

export interface PlacedLabel {
  /** 0 is the row nearest the plot; null: hidden until hovered. */
  readonly row: number | null;
}

/**
 * The row of each marker's label, in the order of `markers`, for a plot `plotWidthPx` wide showing
 * `range`.
 */
export function incidentLabelRows(
  markers: ReadonlyArray<{ readonly startMs: number; readonly title: string }>,
  range: { readonly fromMs: number; readonly toMs: number },
  plotWidthPx: number,
): PlacedLabel[] {
  const spanMs = Math.max(1, range.toMs - range.fromMs);
  // The left edge of each row's leftmost label so far: rows fill from the right.
  const rowStarts: number[] = Array.from({ length: INCIDENT_LABEL_ROWS }, () => Number.POSITIVE_INFINITY);
  const placed: PlacedLabel[] = markers.map(() => ({ row: null }));
  const order = markers.map((m, i) => ({ i, x: ((m.startMs - range.fromMs) / spanMs) * plotWidthPx })).sort((a, b) => b.x - a.x);
  for (const { i, x } of order) {
    const half = labelWidthPx(markers[i]!.title) / 2;
    const row = rowStarts.findIndex((start) => x + half + LABEL_GAP_PX <= start);
    if (row === -1) continue;
    rowStarts[row] = x - half;
    placed[i] = { row };
  }
  return placed;
}
