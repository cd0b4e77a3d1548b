import { niceMax, slicePath, type ChartData } from './chart-geometry';

const COLORS = ['#2f6fde', '#36b37e', '#f5a623', '#e5533d', '#8e61d9', '#19a7b5', '#c7548f', '#7a8599'];
const W = 640;
const H = 280;
const PAD = { left: 52, right: 16, top: 16, bottom: 46 };

function short(label: string, max = 8): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

function Legend({ names }: { names: string[] }) {
  return (
    <g transform={`translate(${PAD.left}, ${H - 12})`}>
      {names.map((name, i) => (
        <g key={name} transform={`translate(${i * 120}, 0)`}>
          <rect width={10} height={10} y={-9} fill={COLORS[i % COLORS.length]} rx={2} />
          <text x={14} fontSize={11} fill="#595959">{short(name, 14)}</text>
        </g>
      ))}
    </g>
  );
}

function Axes({ data }: { data: ChartData }) {
  const max = niceMax(Math.max(0, ...data.series.flatMap((s) => s.values)));
  const plotH = H - PAD.top - PAD.bottom;
  const plotW = W - PAD.left - PAD.right;
  const band = plotW / Math.max(1, data.categories.length);
  const y = (v: number) => PAD.top + plotH - (Math.max(0, v) / max) * plotH;
  const every = Math.ceil(data.categories.length / 12);
  const bars = data.series.length;
  const barW = Math.max(2, (band * 0.7) / bars);
  return (
    <>
      {[0, 0.25, 0.5, 0.75, 1].map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(max * t)} y2={y(max * t)} stroke="#edf0f5" />
          <text x={PAD.left - 6} y={y(max * t) + 4} fontSize={11} textAnchor="end" fill="#8c8c8c">{Number((max * t).toPrecision(4))}</text>
        </g>
      ))}
      {data.categories.map((c, i) =>
        i % every === 0 ? (
          <text key={i} x={PAD.left + band * (i + 0.5)} y={H - PAD.bottom + 16} fontSize={11} textAnchor="middle" fill="#595959">
            {short(c)}
          </text>
        ) : null,
      )}
      {data.series.map((s, si) =>
        data.kind === 'bar' ? (
          <g key={s.name} fill={COLORS[si % COLORS.length]}>
            {s.values.map((v, i) => (
              <rect key={i} x={PAD.left + band * i + band * 0.15 + barW * si} y={y(v)} width={barW} height={Math.max(0, y(0) - y(v))} rx={2}>
                <title>{`${data.categories[i]}：${v}`}</title>
              </rect>
            ))}
          </g>
        ) : (
          <g key={s.name}>
            <polyline
              fill="none"
              stroke={COLORS[si % COLORS.length]}
              strokeWidth={2}
              points={s.values.map((v, i) => `${(PAD.left + band * (i + 0.5)).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
            />
            {s.values.map((v, i) => (
              <circle key={i} cx={PAD.left + band * (i + 0.5)} cy={y(v)} r={3} fill={COLORS[si % COLORS.length]}>
                <title>{`${data.categories[i]}：${v}`}</title>
              </circle>
            ))}
          </g>
        ),
      )}
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#bfc6d1" />
      <Legend names={data.series.map((s) => s.name)} />
    </>
  );
}

function Pie({ data }: { data: ChartData }) {
  const values = data.series[0].values.map((v) => Math.max(0, v));
  const total = values.reduce((a, b) => a + b, 0) || 1;
  const r = 100;
  const cx = 150;
  const cy = H / 2;
  const starts = values.map((_, i) => values.slice(0, i).reduce((a, b) => a + b, 0));
  const turn = (v: number) => (v / total) * Math.PI * 2;
  const slices = values.map((v, i) => ({ i, d: slicePath(cx, cy, r, turn(starts[i]), turn(starts[i] + v)), v }));
  return (
    <>
      {slices.map(({ i, d, v }) => (
        <path key={i} d={d} fill={COLORS[i % COLORS.length]} stroke="#fff" strokeWidth={1}>
          <title>{`${data.categories[i]}：${v}（${((v / total) * 100).toFixed(1)}%）`}</title>
        </path>
      ))}
      {data.categories.slice(0, 10).map((c, i) => (
        <g key={i} transform={`translate(300, ${40 + i * 22})`}>
          <rect width={10} height={10} y={-9} fill={COLORS[i % COLORS.length]} rx={2} />
          <text x={16} fontSize={12} fill="#595959">{`${short(c, 16)}  ${((values[i] / total) * 100).toFixed(1)}%`}</text>
        </g>
      ))}
    </>
  );
}

/** A small bar, line or pie chart in SVG (no chart library in the bundle). */
export function SvgChart({ data }: { data: ChartData }) {
  const label = `${data.kind === 'pie' ? '饼图' : data.kind === 'line' ? '折线图' : '柱状图'}：${data.series.map((s) => s.name).join('、')}`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} style={{ width: '100%', maxWidth: W, height: 'auto', display: 'block' }}>
      {data.kind === 'pie' ? <Pie data={data} /> : <Axes data={data} />}
    </svg>
  );
}
