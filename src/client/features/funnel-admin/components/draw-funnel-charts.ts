// The funnel page's charts, with Chart.js: only the parts they use are registered, and this file is its own chunk,
// fetched by funnel-charts.tsx once the owner's page shows a report, so no visitor's page ever carries it.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

const COLORS = { views: '#9fb3c8', carts: '#2f855a', checkouts: '#2563eb', sales: '#b4532a', revenue: '#b4532a' };

export interface FunnelChartDays {
  labels: string[];
  views: number[];
  carts: number[];
  checkouts: number[];
  sales: number[];
  revenue: number[];
}

const common = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  interaction: { mode: 'index', intersect: false },
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } } },
} as const;

/** Views as bars with carts, checkouts and sales as lines over them; then revenue per day. Returns what stops both. */
export function drawFunnelCharts(
  steps: HTMLCanvasElement,
  revenue: HTMLCanvasElement,
  days: FunnelChartDays,
  formatRevenue: (amount: number) => string,
): () => void {
  const line = (label: string, data: number[], color: string) => ({
    type: 'line' as const,
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    pointRadius: days.labels.length > 45 ? 0 : 2,
    borderWidth: 2,
  });
  const stepsChart = new Chart(steps, {
    type: 'bar',
    data: {
      labels: days.labels,
      datasets: [
        { type: 'bar', label: 'Views', data: days.views, backgroundColor: COLORS.views },
        line('Carts', days.carts, COLORS.carts),
        line('Checkouts', days.checkouts, COLORS.checkouts),
        line('Sales', days.sales, COLORS.sales),
      ],
    },
    options: { ...common, plugins: { legend: { position: 'bottom' } } },
  });
  const revenueChart = new Chart(revenue, {
    type: 'bar',
    data: {
      labels: days.labels,
      datasets: [{ label: 'Revenue', data: days.revenue, backgroundColor: COLORS.revenue }],
    },
    options: {
      ...common,
      scales: {
        ...common.scales,
        y: { beginAtZero: true, ticks: { callback: (value) => formatRevenue(Number(value)) } },
      },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => `Revenue: ${formatRevenue(Number(item.raw))}` } },
      },
    },
  });
  return () => {
    stepsChart.destroy();
    revenueChart.destroy();
  };
}
