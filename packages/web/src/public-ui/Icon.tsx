/**
 * antd's icon shapes as inline SVG, without the icon runtime and its CSS-in-JS. Decorative
 * (hidden from screen readers) unless given a label.
 *
 * The icons are in ./icons (path data copied from @ant-design/icons-svg 4.x, MIT), one module
 * each, imported one by one (`import { AimOutlined } from '…/public-ui/icons/AimOutlined'`, no
 * barrel) so that each page's chunk holds only the icons it shows. To add one: copy an
 * icons/*.tsx file and paste the `icon` object of node_modules/@ant-design/icons-svg/es/asn/<Name>.js.
 */
import type { CSSProperties, ReactNode } from 'react';

export interface IconNode {
  tag: string;
  attrs: Record<string, string>;
  children?: IconNode[];
}

function renderNode(node: IconNode, key: number): ReactNode {
  const Tag = node.tag as 'path';
  return (
    <Tag key={key} {...node.attrs}>
      {node.children?.map(renderNode)}
    </Tag>
  );
}

export interface IconProps {
  className?: string;
  style?: CSSProperties;
  /** Read out by screen readers; without it the icon is hidden from them. */
  label?: string;
}

export function makeIcon(name: string, svg: IconNode) {
  function Icon({ className, style, label }: IconProps) {
    return (
      <span role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} className={className} style={{ display: 'inline-flex', alignItems: 'center', lineHeight: 0, ...style }}>
        <svg {...svg.attrs} width="1em" height="1em" fill="currentColor" focusable="false">
          {svg.children?.map(renderNode)}
        </svg>
      </span>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}
