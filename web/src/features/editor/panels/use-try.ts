import { ActionError, type EditorAction } from '../actions/registry';
import { useEditor } from '../editor-context';

/** Runs an action and returns its error message instead of showing it (forms show it by the field). */
export function useTry() {
  const { store } = useEditor();
  return <A>(action: EditorAction<A>, args: A, coalesce?: string): string | null => {
    try {
      store.dispatch(action, args, coalesce ? { coalesce } : undefined);
      return null;
    } catch (err) {
      if (err instanceof ActionError) return err.message;
      throw err;
    }
  };
}
