import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routes';

/** The browser router over the app's route table. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
