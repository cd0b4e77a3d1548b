// ECharts with only the charts and components the product draws, as one lazily imported module (EChart.tsx imports
// it on the first chart shown). Named imports let the bundler leave out every other chart type and component.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export const init = echarts.init;
