import { ENGINE_LABELS, type Engine } from '../engines';

type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | null | undefined | false;

/** Creates an element: attributes (on* are listeners), then children. Never parses HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = String(value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

export function stateBadge(state: string | null | undefined): HTMLElement {
  const s = state ?? 'UNKNOWN';
  return h('span', { class: `badge state-${s.toLowerCase()}`, 'data-state': s }, s);
}

/** The engine a query runs on, beside its name. */
export function engineBadge(engine: Engine): HTMLElement {
  return h('span', { class: `badge engine engine-${engine}`, 'data-engine': engine, title: `Runs on ${ENGINE_LABELS[engine]}` },
    ENGINE_LABELS[engine]);
}

/** A term and its value in a description list, in a `div` of class `kind` marked `data-<kind>="<key>"`. */
export function describedTerm(kind: string, key: string, label: string, value: string): HTMLElement {
  return h('div', { class: kind, [`data-${kind}`]: key }, h('dt', {}, label), h('dd', {}, value));
}
