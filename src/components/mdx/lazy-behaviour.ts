/**
 * Behaviour of the build-time body HTML whose code loads on first use: delegated listeners on the
 * body (Markdown.tsx). An event on an element matching a behaviour's selector that the behaviour
 * `takes` (synchronously: it may preventDefault) imports its module once and hands it the event.
 * Pages whose readers never use it download nothing more.
 */

export interface BehaviourModule {
  handle(event: Event, element: HTMLElement): void;
}

export interface LazyBehaviour {
  /** The elements it belongs to, matched with closest() from the event's target. */
  selector: string;
  events: readonly string[];
  /** Whether this event is one for the behaviour; runs before any import, so it may preventDefault. */
  takes(event: Event): boolean;
  load(): Promise<BehaviourModule>;
  /** When the module cannot be loaded (offline, a new deploy): what the element does instead. */
  fallback?(element: HTMLElement): void;
}

/** Listens on `root` for the behaviours' events; returns the function that stops listening. */
export function delegateLazily(root: HTMLElement, behaviours: readonly LazyBehaviour[]): () => void {
  const stops = behaviours.flatMap((behaviour) => {
    let module: Promise<BehaviourModule> | undefined;
    const listener = (event: Event) => {
      const element = (event.target as Element).closest?.<HTMLElement>(behaviour.selector);
      if (!element || !behaviour.takes(event)) return;
      (module ??= behaviour.load()).then(
        (m) => m.handle(event, element),
        () => {
          module = undefined;
          behaviour.fallback?.(element);
        },
      );
    };
    return behaviour.events.map((type) => {
      root.addEventListener(type, listener);
      return () => root.removeEventListener(type, listener);
    });
  });
  return () => stops.forEach((stop) => stop());
}
