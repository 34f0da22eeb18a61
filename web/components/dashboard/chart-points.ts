// The points of a two-series line chart (the signups' weeks, the insights' days), without the DOM.

/** One point: its label on the axis, its label in the table, and the two series' values. */
export interface ChartPoint {
  axis: string;
  row: string;
  a: number;
  b: number;
}

/** uPlot's aligned arrays: x = the point's position, then one array per series. */
export function seriesData(points: readonly ChartPoint[]): [number[], number[], number[]] {
  return [points.map((_, i) => i), points.map((p) => p.a), points.map((p) => p.b)];
}
