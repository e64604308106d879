import { createElement, type ReactNode, type SVGProps } from "react";

type IconData = {
  name?: string;
  size?: number;
  node: [tag: string, attributes: Record<string, string>][];
  aliases?: unknown[];
};

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  ref?: SVGProps<SVGSVGElement>["ref"];
  size?: number | string;
  children?: ReactNode;
};

const isAccessibilityProp = (props: Record<string, unknown>) =>
  Object.keys(props).some(
    (key) => (key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null,
  );

/**
 * lucide-react's icon factory without its general machinery (icon context, absolute and non-scaling stroke,
 * attribute name mapping): about 1.2 KB less script on every page. The client build resolves the
 * `createLucideIcon` of every lucide icon module to this one (`lightLucideIcons` in vite.config.ts), so the
 * app keeps importing its icons from "lucide-react". It renders the same SVG as lucide's own for the props
 * the app uses (class names, size, color, stroke width, aria and other SVG attributes, children), which a
 * unit test checks icon by icon against lucide-react.
 */
export default function createLucideIcon(icon: IconData) {
  const viewBox = `0 0 ${icon.size ?? 24} ${icon.size ?? 24}`;
  const iconClasses = [
    "lucide",
    ...(icon.name ? [`lucide-${icon.name}`] : []),
    ...(icon.aliases ?? [])
      .filter((alias): alias is string => typeof alias === "string" && alias.trim() !== "")
      .map((alias) => `lucide-${alias}`),
  ];
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon, when its module loads
  return function LucideIcon({
    className = "",
    size = 24,
    color,
    strokeWidth = 2,
    children,
    ...rest
  }: IconProps) {
    const classes = new Set([...iconClasses, ...className.split(/\s+/)].filter(Boolean));
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox,
        fill: "none",
        stroke: color || "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...classes].join(" "),
        ...(children || isAccessibilityProp(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  };
}
