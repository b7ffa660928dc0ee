// Browser APIs that Mantine needs and jsdom lacks. Node-environment tests skip this.
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = () => {};
  // findBy* waits up to 5 s, not 1: under a loaded CI machine a screen's first render (lazy routes,
  // deferred rendering) can take longer than a second, and a test then failed on time, not behaviour.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
  // Node 25+ defines localStorage/sessionStorage on globalThis as getters that read undefined
  // without --localstorage-file, and vitest then leaves jsdom's own Storage out: read it back off
  // the JSDOM instance vitest keeps (a getter, so each jsdom file gets its own window's Storage).
  const dom = (globalThis as { jsdom?: { window: Window } }).jsdom;
  for (const name of ['localStorage', 'sessionStorage'] as const)
    if (dom && globalThis[name] === undefined)
      Object.defineProperty(globalThis, name, { configurable: true, get: () => dom.window[name] });
}
export {};
