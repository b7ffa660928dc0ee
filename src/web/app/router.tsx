import { createRouter } from '@tanstack/react-router';
import type { Brand } from '../../contract/brand';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  brand: Brand;
}

export function createAppRouter(brand: Brand) {
  return createRouter({
    routeTree,
    context: { brand },
    defaultPreload: 'intent',
    // SPEC section 2: the page scrolls to the top after each navigation (see AppShell).
    scrollRestoration: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** SPEC section 2's route name (Home, Results, Journey, Login, ...). */
    name?: string;
    /** The label this route adds to the breadcrumb trail. */
    breadcrumb?: string;
  }
}
