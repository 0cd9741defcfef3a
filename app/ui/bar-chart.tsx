import { useId } from "react";

/**
 * A bar chart drawn as SVG on the server: it needs no script and no chart library. It is one
 * image to assistive technology (role="img", named by its <title>, summed up by its <desc>); the
 * page shows the same numbers as a table beside it. The viewBox scales to the width it is given.
 */
export interface ChartBar {
  /** The bar's name under it (columns) or before it (rows). */
  label: string;
  value: number;
  /** The value as people read it ("$149.99"). */
  display: string;
}

const INK = "#374151";
const BAR = "#3730a3";
const NEGATIVE = "#b91c1c";
const GRID = "#d1d5db";

export function BarChart({ title, description, bars, layout }: { title: string; description: string; bars: ChartBar[]; layout: "columns" | "rows" }) {
  const id = useId();
  return (
    <svg role="img" aria-labelledby={`${id}-t ${id}-d`} viewBox={`0 0 ${WIDTH} ${layout === "columns" ? COLUMNS_HEIGHT : Math.max(1, bars.length) * ROW + 8}`} className="h-auto w-full" xmlns="http://www.w3.org/2000/svg">
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {layout === "columns" ? <Columns bars={bars} /> : <Rows bars={bars} />}
    </svg>
  );
}

const WIDTH = 720;
const COLUMNS_HEIGHT = 280;
const ROW = 44;

/** Columns over a zero line; a negative value hangs below it, in red. */
function Columns({ bars }: { bars: ChartBar[] }) {
  const top = 32;
  const bottom = COLUMNS_HEIGHT - 40;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const span = max - min || 1;
  const y = (v: number) => top + ((max - v) / span) * (bottom - top);
  const slot = WIDTH / Math.max(1, bars.length);
  const highest = bars.find((b) => b.value === max && max > 0);
  return (
    <>
      {highest && (
        <>
          <line x1={0} x2={WIDTH} y1={y(max)} y2={y(max)} stroke={GRID} strokeDasharray="4 4" />
          <text x={0} y={y(max) - 8} fill={INK} fontSize={20}>
            {`Highest: ${highest.display}`}
          </text>
        </>
      )}
      {bars.map((b, i) => {
        const height = Math.abs(y(b.value) - y(0));
        return (
          <g key={b.label}>
            <rect x={i * slot + slot * 0.15} y={Math.min(y(b.value), y(0))} width={slot * 0.7} height={Math.max(height, b.value === 0 ? 0 : 1)} fill={b.value < 0 ? NEGATIVE : BAR} rx={3} />
            <text x={i * slot + slot / 2} y={COLUMNS_HEIGHT - 8} fill={INK} fontSize={22} textAnchor="middle">
              {b.label}
            </text>
          </g>
        );
      })}
      <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} stroke={INK} />
    </>
  );
}

/** One row per bar: its name, the bar, its value. */
function Rows({ bars }: { bars: ChartBar[] }) {
  const labelWidth = 200;
  const valueWidth = 170;
  const room = WIDTH - labelWidth - valueWidth;
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <>
      {bars.map((b, i) => (
        <g key={b.label}>
          <text x={0} y={i * ROW + 30} fill={INK} fontSize={22}>
            {b.label.length > 13 ? `${b.label.slice(0, 12)}…` : b.label}
          </text>
          <rect x={labelWidth} y={i * ROW + 8} width={Math.max(0, (b.value / max) * room)} height={28} fill={BAR} rx={3} />
          <text x={labelWidth + Math.max(0, (b.value / max) * room) + 8} y={i * ROW + 30} fill={INK} fontSize={22}>
            {b.display}
          </text>
        </g>
      ))}
    </>
  );
}
