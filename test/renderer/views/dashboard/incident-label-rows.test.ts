/**
 * Incident labels above a chart never overlap: a label that would collide with one already placed
 * in a row goes to the next row; far-apart incidents share the first row; past the last row a label
 * is hidden (its marker stays).
 */
import { describe, expect, it } from 'vitest';
import { INCIDENT_LABEL_ROWS, incidentLabelRows, labelWidthPx } from '../../../../src-renderer/src/views/dashboard/incident-label-rows';
import { chartOption } from '../../../../src-renderer/src/views/dashboard/dashboard-charts';

const RANGE = { fromMs: 0, toMs: 600_000 };

describe('incidentLabelRows', () => {
  it('puts two nearby incidents on different rows, and far-apart ones on the same row', () => {
    const markers = [
      { startMs: 100_000, title: 'Broker 3 killed' },
      { startMs: 105_000, title: 'Controller moved' },
      { startMs: 500_000, title: 'Leader election' },
    ];
    const rows = incidentLabelRows(markers, RANGE, 600).map((p) => p.row);
    expect(rows[0]).not.toBe(rows[1]);
    expect(rows[0]).not.toBeNull();
    expect(rows[1]).not.toBeNull();
    expect(rows[2]).toBe(0);
  });

  it('keeps the newest label when a burst of incidents leaves no room for all', () => {
    // The cluster's start-up burst, then the kill a minute later: on a 6 h range all within a few pixels.
    const burst = [0, 1, 2, 3, 4].map((s) => ({ startMs: 100_000 + s * 1000, title: `Broker ${s} started` }));
    const markers = [...burst, { startMs: 160_000, title: 'Broker 2 killed' }];
    const rows = incidentLabelRows(markers, { fromMs: 0, toMs: 6 * 3_600_000 }, 800).map((p) => p.row);
    expect(rows[markers.length - 1]).toBe(0);
    expect(rows.filter((r) => r === null).length).toBe(markers.length - INCIDENT_LABEL_ROWS);
  });

  it('places labels so that no two of a row overlap, whatever the order of the markers', () => {
    const markers = [30, 0, 10, 20, 45, 200].map((s, i) => ({ startMs: 100_000 + s * 1000, title: `Incident ${i}` }));
    const rows = incidentLabelRows(markers, RANGE, 600);
    const spans = markers.map((m, i) => {
      const x = (m.startMs / RANGE.toMs) * 600;
      const half = labelWidthPx(m.title) / 2;
      return { row: rows[i]!.row, from: x - half, to: x + half };
    });
    for (const a of spans)
      for (const b of spans) if (a !== b && a.row !== null && a.row === b.row) expect(a.to <= b.from || b.to <= a.from).toBe(true);
    expect(rows.filter((r) => r.row === null).length).toBe(markers.length - 1 - INCIDENT_LABEL_ROWS);
  });

  it('gives each markLine item its row in the chart option, and room above the plot for the rows used', () => {
    const markers = [
      { id: 'a', startMs: 100_000, title: 'Broker 3 killed' },
      { id: 'b', startMs: 101_000, title: 'Controller moved' },
    ];
    const option = chartOption([{ name: 'x', points: [[0, 1]] }], markers, RANGE, 'count', 680) as {
      grid: { top: number };
      series: Array<{ markLine: { data: Array<{ label: { show: boolean; distance?: number } }> } }>;
    };
    const distances = option.series[0]!.markLine.data.map((d) => d.label.distance);
    expect(new Set(distances).size).toBe(2);
    expect(option.grid.top).toBeGreaterThan(16 + 14);
  });
});
