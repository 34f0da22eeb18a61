// Draws a two-series line chart with uPlot (the weekly signups per type, the daily visitors and
// page views). Imported dynamically by LineChart, so uPlot loads only when a view shows a chart. It imports nothing of ours (everything
// comes in as arguments) and uPlot's stylesheet comes with the route, so loading it fetches this
// one file and nothing else.
import uPlot from 'uplot';

export interface WeeklyChartInput {
  /** ISO week names (`2026-W05`), oldest first. */
  weeks: string[];
  /** [x (week positions), riders, trainers] */
  data: [number[], number[], number[]];
  labels: { week: string; riders: string; trainers: string };
  colours: { riders: string; trainers: string; axis: string };
  height: number;
}

const MIN_WIDTH = 280;

/** Draws into `element`, follows its width; returns the function that removes the chart. */
export function drawWeeklyChart(element: HTMLElement, input: WeeklyChartInput): () => void {
  const { weeks, labels, colours, height } = input;
  const short = (i: number) => weeks[i]?.replace(/^\d{4}-/, '') ?? '';
  const width = () => Math.max(MIN_WIDTH, element.clientWidth);
  const chart = new uPlot(
    {
      width: width(),
      height,
      scales: {
        // Half a week of room on either side, so that a single week is not drawn on the edge.
        x: { time: false, range: () => [-0.5, Math.max(0, weeks.length - 1) + 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
      },
      axes: [
        // Whole weeks and whole signups only.
        {
          stroke: colours.axis,
          incrs: [1, 2, 4, 8, 13, 26, 52],
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? short(s) : '')),
        },
        {
          stroke: colours.axis,
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')),
        },
      ],
      series: [
        { label: labels.week, value: (_u, i) => (i == null ? '' : (weeks[i] ?? '')) },
        { label: labels.riders, stroke: colours.riders, width: 2, points: { show: true } },
        { label: labels.trainers, stroke: colours.trainers, width: 2, dash: [6, 4], points: { show: true } },
      ],
    },
    input.data,
    element,
  );
  const resize = new ResizeObserver(() => chart.setSize({ width: width(), height }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
