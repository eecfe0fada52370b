import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface Series<K extends string> {
  key: K;
  name: string;
  /** A --chart-N colour from index.css (readable on both themes' surfaces). */
  color: string;
}

type Row<X extends string, K extends string> = Record<X, string> & Record<K, number | null>;

const tick = { fill: 'var(--muted)', fontSize: 12 };
const tooltipStyle = {
  background: 'var(--surface)',
  borderColor: 'var(--border-strong)',
  color: 'var(--fg)',
  borderRadius: 6,
};
const legend = (value: string) => <span className="text-sm text-fg">{value}</span>;

/**
 * Every chart of the analytics page: lines or bars over days or weeks, or horizontal bars over names.
 * SVG from recharts, coloured by the theme's CSS variables, without animation (the numbers are the point).
 */
export function SeriesChart<X extends string, K extends string>({
  data,
  x,
  series,
  kind,
  formatX,
  formatLongX,
  formatY,
  horizontal = false,
  integer = true,
  maxY,
}: {
  data: Row<X, K>[];
  x: X;
  series: Series<K>[];
  kind: 'line' | 'bar';
  formatX?: (value: string) => string;
  formatLongX?: (value: string) => string;
  formatY?: (value: number) => string;
  horizontal?: boolean;
  integer?: boolean;
  maxY?: number;
}) {
  const valueAxis = {
    tick,
    stroke: 'var(--border-strong)',
    allowDecimals: !integer,
    tickFormatter: formatY,
    domain: [0, maxY ?? 'auto'] as [number, number | 'auto'],
  };
  const nameAxis = { dataKey: x, tick, stroke: 'var(--border-strong)', tickFormatter: formatX };
  const tooltip = (
    <Tooltip
      contentStyle={tooltipStyle}
      labelStyle={{ color: 'var(--fg)', fontWeight: 600 }}
      cursor={{ fill: 'var(--surface-muted)', stroke: 'var(--border-strong)' }}
      labelFormatter={(label) => (formatLongX ? formatLongX(String(label)) : String(label))}
      formatter={(value) => (typeof value === 'number' && formatY ? formatY(value) : String(value))}
    />
  );
  const grid = <CartesianGrid stroke="var(--border)" vertical={horizontal} horizontal={!horizontal} />;
  const showLegend = series.length > 1;

  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
          {grid}
          <XAxis {...nameAxis} minTickGap={20} />
          <YAxis {...valueAxis} width={36} />
          {tooltip}
          {showLegend && <Legend formatter={legend} />}
          {series.map((s) => (
            <Line
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              dot={data.length <= 31 ? { r: 2 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          {grid}
          {horizontal ? (
            <>
              <XAxis type="number" {...valueAxis} />
              <YAxis type="category" {...nameAxis} width={112} interval={0} />
            </>
          ) : (
            <>
              <XAxis {...nameAxis} minTickGap={8} />
              <YAxis {...valueAxis} width={44} />
            </>
          )}
          {tooltip}
          {showLegend && <Legend formatter={legend} />}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={s.color}
              radius={horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
