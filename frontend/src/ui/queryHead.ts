import { ProblemError } from '../api';
import { engineOf } from '../engines';
import type { LiveQueryModel } from '../liveModel';
import type { ConnectionState } from '../reconnect';
import { restartSummary, stoppable } from '../restarts';
import type { LiveState, QueryView } from '../types';
import { engineBadge, h, replaceChildren, stateBadge } from './dom';

/** How long Delete waits for the click that confirms it, in ms. */
const CONFIRM_DELETE_MS = 4000;

/** What the head's buttons ask of the page, each throwing the service's refusal; `settled` runs after each, done or refused. */
export interface QueryActions {
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
  settled(): void;
}

/** The head of a query's page and the notice under it. */
export interface QueryHead {
  /** The head, then the notice. */
  elements: HTMLElement[];
  /** Shows the query's name, state, engine, status and restart, and which actions its state allows. */
  draw(query: QueryView, model: LiveQueryModel): void;
  /** Shows the live connection's state. */
  showConnection(state: ConnectionState): void;
  /** Shows how many live messages were dropped for not being what the OpenAPI document says, and why the last was. */
  showDropped(count: number, reason: string): void;
  showNotice(text: string): void;
  hideNotice(): void;
  /** Disables every action, for a query that is gone. */
  disableActions(): void;
  /** Stops the wait for a confirming click. */
  dispose(): void;
}

/** A notice under the head: what the service refused, or that the query is gone. */
interface Notice {
  element: HTMLElement;
  show(text: string): void;
  hide(): void;
}

function notice(): Notice {
  const element = h('div', { class: 'notice', role: 'alert', hidden: true });
  return {
    element,
    show(text: string): void {
      element.textContent = text;
      element.hidden = false;
    },
    hide(): void {
      element.hidden = true;
    },
  };
}

/** Stop, Start and Delete, each disabled while it runs. */
interface ActionButtons {
  element: HTMLElement;
  /** Enables the actions `state` allows. */
  draw(state: LiveState | null): void;
  disable(): void;
  dispose(): void;
}

/** The buttons, each showing a refusal in `refused`; Delete asks for a second click within four seconds. */
function actionButtons(actions: QueryActions, refused: Notice): ActionButtons {
  // Disabled until the service has said the query exists, and in which state.
  const stopButton = h('button', { class: 'btn', 'data-action': 'stop', disabled: true }, 'Stop');
  const startButton = h('button', { class: 'btn', 'data-action': 'start', disabled: true }, 'Start');
  const deleteButton = h('button', { class: 'btn btn-danger', 'data-action': 'delete', disabled: true }, 'Delete');

  async function act(button: HTMLButtonElement, action: () => Promise<void>): Promise<void> {
    button.disabled = true;
    refused.hide();
    try {
      await action();
    } catch (e) {
      refused.show(e instanceof ProblemError ? e.message : String(e));
    } finally {
      button.disabled = false;
      actions.settled();
    }
  }

  stopButton.addEventListener('click', () => void act(stopButton, actions.stop));
  startButton.addEventListener('click', () => void act(startButton, actions.start));
  let confirmTimer = 0;
  deleteButton.addEventListener('click', () => {
    if (deleteButton.dataset.confirm !== 'yes') {
      deleteButton.dataset.confirm = 'yes';
      deleteButton.textContent = 'Really delete?';
      confirmTimer = window.setTimeout(() => {
        deleteButton.dataset.confirm = '';
        deleteButton.textContent = 'Delete';
      }, CONFIRM_DELETE_MS);
      return;
    }
    window.clearTimeout(confirmTimer);
    void act(deleteButton, actions.remove);
  });

  return {
    element: h('div', { class: 'actions' }, stopButton, startButton, deleteButton),
    draw(state: LiveState | null): void {
      stopButton.disabled = !stoppable(state);
      startButton.disabled = state === 'ACTIVE' || state === 'DELETED';
      deleteButton.disabled = state === 'DELETED';
    },
    disable(): void {
      stopButton.disabled = startButton.disabled = deleteButton.disabled = true;
    },
    dispose(): void {
      window.clearTimeout(confirmTimer);
    },
  };
}

/** Shows the live connection's `state` in `connection`. */
function showConnection(connection: HTMLElement, state: ConnectionState): void {
  connection.dataset.connection = state.kind;
  connection.className = `conn conn-${state.kind}`;
  switch (state.kind) {
    case 'connecting':
      connection.textContent = state.attempt === 0 ? 'connecting…' : `reconnecting (attempt ${state.attempt})…`;
      break;
    case 'live':
      connection.textContent = 'live';
      break;
    case 'waiting':
      connection.textContent = `offline · retry in ${Math.ceil(state.delayMs / 1000)} s`;
      connection.title = `Connection lost (${state.reason}); attempt ${state.attempt}`;
      break;
    case 'closed':
      connection.textContent = state.reason;
      break;
  }
}

/**
 * The head of a query's page: its name, state and engine badges, the live connection, its status
 * and restart lines, and Stop, Start and Delete. A refused action is shown in the notice under
 * the head.
 */
export function queryHead(actions: QueryActions): QueryHead {
  const title = h('h1', { class: 'query-name' }, 'Query');
  const badge = h('span');
  const statusLine = h('p', { class: 'status-line' }, 'Connecting…');
  const restartLine = h('p', { class: 'restart-line', 'data-restart': '', hidden: true });
  const connection = h('span', { class: 'conn conn-connecting', 'data-connection': 'connecting' }, 'connecting');
  const dropped = h('span', { class: 'conn conn-dropped', hidden: true });
  const refused = notice();
  const buttons = actionButtons(actions, refused);
  const head = h('section', { class: 'query-head' },
    h('div', { class: 'query-title' }, title, badge, connection, dropped),
    statusLine,
    restartLine,
    buttons.element);

  return {
    elements: [head, refused.element],
    draw(query: QueryView, model: LiveQueryModel): void {
      title.textContent = query.name;
      document.title = `${query.name} · Arus`;
      replaceChildren(badge, stateBadge(model.state), engineBadge(engineOf(query.spec)));
      const parts = [model.status?.message ?? ''];
      if (model.exception) parts.push(`${model.exception.class}: ${model.exception.message}`);
      statusLine.textContent = parts.filter(Boolean).join(' — ');
      statusLine.classList.toggle('failed', model.exception !== null);
      restartLine.hidden = model.restart === null;
      restartLine.textContent = model.restart ? restartSummary(model.restart, model.exception, Date.now()) : '';
      buttons.draw(model.state);
    },
    showConnection: (state) => showConnection(connection, state),
    showDropped(count: number, reason: string): void {
      dropped.hidden = false;
      dropped.dataset.dropped = String(count);
      dropped.textContent = `${count} message${count === 1 ? '' : 's'} dropped`;
      dropped.title = `Live messages not as the API's OpenAPI document says, not shown (the browser's console has them); the last: ${reason}`;
    },
    showNotice: refused.show,
    hideNotice: refused.hide,
    disableActions: buttons.disable,
    dispose: buttons.dispose,
  };
}
