export { widgetSnippet } from "./widget";
export { WidgetSnippet } from "./widget-snippet";
