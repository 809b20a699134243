import './style.css';
import { renderListPage } from './ui/listPage';
import { renderNotFoundPage } from './ui/notFoundPage';
import { renderStreamsPage } from './ui/streamsPage';

const root = document.getElementById('app') as HTMLElement;
let dispose: () => void = () => {};
/** Counts the routes taken, so that a page whose code arrives after the user moved on is not shown. */
let routes = 0;

/**
 * Shows a page whose code is loaded on first use: the live view with its charts (ECharts), the
 * pipelines with theirs (ECharts and dagre) and the create form with its editor (CodeMirror)
 * are chunks of their own, so the list and the streams load without them. A page whose code
 * arrives after the user moved on is not rendered at all: rendered, it would replace the page
 * shown meanwhile.
 */
function showLazily<M>(load: () => Promise<M>, render: (page: M) => () => void): void {
  const route = routes;
  load().then((page) => {
    if (route === routes) dispose = render(page);
  }, (error: unknown) => {
    if (route === routes) root.textContent = `The page could not be loaded: ${String(error)}`;
  });
}

/**
 * Hash routes: #/ the list, #/new?template=id the create form, #/queries/{id} one query live,
 * #/streams the streams, #/pipelines the graph of streams, queries and sinks; any other route
 * a page saying so.
 */
function route(): void {
  routes++;
  dispose();
  dispose = () => {};
  window.scrollTo(0, 0);
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path = '/', query = ''] = hash.split('?');
  const queryMatch = /^\/queries\/([^/]+)$/.exec(path);
  let nav = 'list';
  if (queryMatch?.[1]) {
    nav = '';
    const id = decodeURIComponent(queryMatch[1]);
    showLazily(() => import('./ui/queryPage'), (page) => page.renderQueryPage(root, id));
  } else if (path === '/new') {
    nav = 'new';
    document.title = 'New query · Arus';
    const template = new URLSearchParams(query).get('template');
    showLazily(() => import('./ui/createPage'), (page) => page.renderCreatePage(root, template));
  } else if (path === '/pipelines') {
    nav = 'pipelines';
    document.title = 'Pipelines · Arus';
    showLazily(() => import('./ui/pipelinesPage'), (page) => page.renderPipelinesPage(root));
  } else if (path === '/streams') {
    nav = 'streams';
    document.title = 'Streams · Arus';
    dispose = renderStreamsPage(root);
  } else if (path === '/') {
    document.title = 'Queries · Arus';
    dispose = renderListPage(root);
  } else {
    nav = '';
    renderNotFoundPage(root, 'Page not found', `There is no page at #${path}.`);
  }
  document.querySelectorAll<HTMLElement>('[data-nav]').forEach((a) => a.classList.toggle('active', a.dataset.nav === nav));
}

window.addEventListener('hashchange', route);
route();
