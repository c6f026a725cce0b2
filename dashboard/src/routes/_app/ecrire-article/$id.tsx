import { createFileRoute } from '@tanstack/react-router';
import { EditorPage } from '../../../features/editor/editor-page';
import { NotFoundInShell } from '../../../features/layout/not-found-page';

export const Route = createFileRoute('/_app/ecrire-article/$id')({
  component: function EditArticleRoute() {
    const { id } = Route.useParams();
    const articleId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
    if (!Number.isInteger(articleId) || articleId < 1) return <NotFoundInShell />;
    return <EditorPage key={articleId} articleId={articleId} />;
  },
});
