/**
 * The parts of ECharts the dashboard uses, registered once: line charts on a time axis with
 * tooltips, legends and incident mark lines, drawn as SVG. Imported only by the dashboard's route
 * chunk, so the rest of the app never loads ECharts.
 */
import { use } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);
