import { createFileRoute } from '@tanstack/react-router';
import { EditorPage } from '../../../features/editor/editor-page';

export const Route = createFileRoute('/_app/ecrire-article/')({
  component: () => <EditorPage />,
});
