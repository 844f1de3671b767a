import { closeButton, h, safeHref } from '../../overlay/dom.js';
import { escapeCloses } from '../../overlay/focus.js';
import type { ChecklistGuide, ChecklistItem } from './guide-types.js';
import type { GuideRender } from './guide-view.js';

const LIST_ID = 'ns-checklist-items';

/** One item's row: a checkbox (ticked by the person, or, for an item with an `event`, a read-only status) and its title, a link when it has a safe `url`. */
function itemRow(item: ChecklistItem, done: boolean, tick: () => void): HTMLLIElement {
  const id = `ns-item-${item.key}`;
  const box = h('input', { type: 'checkbox', id, class: 'ns-check' });
  box.checked = done;
  // An item completed by an event is not ticked by hand: its box only shows the state.
  box.disabled = done || item.event !== undefined;
  box.addEventListener('change', () => box.checked && tick());
  const href = safeHref(item.url);
  return h(
    'li',
    { class: done ? 'ns-item ns-done' : 'ns-item' },
    box,
    h('label', { for: id }, item.title),
    href && h('a', { href, class: 'ns-item-link', 'aria-label': `${item.title}: open` }, '→'),
    item.description && h('p', { class: 'ns-item-description' }, item.description),
  );
}

/**
 * A floating list at the bottom right: its header shows the progress and collapses or expands the list
 * (Escape collapses it). An item is done when the person ticks it, or, for an item with an `event`, when
 * this browser tracks that event (or the server says the person did: `completed_items`). Done items are
 * kept in the browser; the last one sends `$guide_completed`; the close button `$guide_dismissed`.
 */
export const checklist: GuideRender<ChecklistGuide> = (view) => {
  const { guide, host, client } = view;
  const stored = view.progress<string[]>();
  const done = new Set([...(Array.isArray(stored) ? stored : []), ...(guide.completed_items ?? [])]);
  const count = guide.items.length;
  const list = h('ul', { class: 'ns-items', id: LIST_ID });
  const toggle = h('button', { type: 'button', class: 'ns-toggle', 'aria-expanded': 'true', 'aria-controls': LIST_ID });
  const panel = h(
    'div',
    { class: 'ns-panel ns-checklist ns-enter', role: 'region', 'aria-label': guide.title || guide.name },
    closeButton(() => view.dismiss('close', { items_done: done.size }), 'Dismiss checklist'),
    toggle,
    list,
  );
  const expand = (open: boolean): void => {
    toggle.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  };
  toggle.addEventListener('click', () => expand(list.hidden));
  const draw = (): void => {
    toggle.replaceChildren(h('span', { class: 'ns-title' }, guide.title || guide.name), h('span', { class: 'ns-count' }, `${done.size} of ${count} done`));
    list.replaceChildren(...guide.items.map((item) => itemRow(item, done.has(item.key), () => finish(item))));
  };
  const finish = (item: ChecklistItem): void => {
    if (done.has(item.key)) return;
    done.add(item.key);
    view.setProgress([...done]);
    if (done.size >= count) return view.complete({ items_done: done.size });
    // The rows are drawn anew: focus in the list (the box just ticked) goes to the header, which says the progress.
    const hadFocus = list.contains(host.root.activeElement);
    draw();
    if (hadFocus) toggle.focus();
    host.announce(`${item.title}: done. ${done.size} of ${count} done.`);
  };
  const offEvents = client.on('event', (event) => {
    for (const item of guide.items) if (item.event === event.event_name) finish(item);
  });
  const offEscape = escapeCloses(panel, () => {
    expand(false);
    toggle.focus();
  });
  draw();
  host.root.append(panel);
  if (done.size >= count) {
    view.complete({ items_done: done.size });
    return () => undefined;
  }
  view.shown({ items_done: done.size });
  return () => {
    offEvents();
    offEscape();
  };
};
