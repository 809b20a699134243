import './style.css';
import { renderCreatePage } from './ui/createPage';
import { renderListPage } from './ui/listPage';
import { renderQueryPage } from './ui/queryPage';
import { renderStreamsPage } from './ui/streamsPage';

const root = document.getElementById('app') as HTMLElement;
let dispose: () => void = () => {};

/** Hash routes: #/ the list, #/new?template=id the create form, #/queries/{id} one query live, #/streams the streams. */
function route(): void {
  dispose();
  window.scrollTo(0, 0);
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path = '/', query = ''] = hash.split('?');
  const queryMatch = /^\/queries\/([^/]+)$/.exec(path);
  let nav = 'list';
  if (queryMatch?.[1]) {
    nav = '';
    dispose = renderQueryPage(root, decodeURIComponent(queryMatch[1]));
  } else if (path === '/new') {
    nav = 'new';
    document.title = 'New query · Arus';
    dispose = renderCreatePage(root, new URLSearchParams(query).get('template'));
  } else if (path === '/streams') {
    nav = 'streams';
    document.title = 'Streams · Arus';
    dispose = renderStreamsPage(root);
  } else {
    document.title = 'Queries · Arus';
    dispose = renderListPage(root);
  }
  document.querySelectorAll<HTMLElement>('[data-nav]').forEach((a) => a.classList.toggle('active', a.dataset.nav === nav));
}

window.addEventListener('hashchange', route);
route();
