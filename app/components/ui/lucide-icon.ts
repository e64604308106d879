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

// Replaces lucide's factory in the client build (vite.config.ts) to save ~1.2 KB a page; a unit test checks
// it renders the same SVG as lucide-react for the props the app uses.
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
