import { h, replaceChildren } from './dom';

/**
 * The page of an address that shows nothing: an unknown route, or a query id the service does not
 * know (never created, or deleted). It says what was asked for and links to the pages there are,
 * with no control that would act on what does not exist.
 */
export function renderNotFoundPage(root: HTMLElement, heading: string, detail: string): void {
  document.title = `${heading} · Arus`;
  replaceChildren(root, h('section', { class: 'not-found', 'data-page': 'not-found' },
    h('h1', {}, heading),
    h('p', { class: 'not-found-detail' }, detail),
    h('p', {}, h('a', { href: '#/' }, 'All queries'), ' · ', h('a', { href: '#/new' }, 'New query'), ' · ',
      h('a', { href: '#/streams' }, 'Streams'), ' · ', h('a', { href: '#/pipelines' }, 'Pipelines'))));
}
