import type { EditorDocumentData, StaffArticleDetail } from '@comptoir/api/contract';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { useVersionGuard } from '../../lib/versioning';
import { draftIsStale } from './article-editing';
import type { EditorCanvasHandle } from './editor-canvas';
import { readDraft, writeDraft, type LocalDraft } from './local-draft';
import { useLocalDraft } from './use-local-draft';

const doc = (text: string): EditorDocumentData => ({ blocks: [{ type: 'paragraph', data: { text } }] }) as EditorDocumentData;
const article = { id: 12, title: 'Entretien des pompes', image_alt: 'Pompe', version: 4 } as StaffArticleDetail;
const draft = (title: string, base_version?: number): LocalDraft => ({
  title,
  image_alt: 'Pompe',
  document: doc('Vérifier le joint.'),
  saved_at: '2026-11-27T06:00:00.000Z',
  base_version,
});
const USER = 3;

/** The editor's draft hook with a canvas that answers `typed`. */
function renderDraft(
  options: { typed?: string; dirty?: boolean; savedId?: number | null; version?: number; id?: number | null } = {},
) {
  const canvas = { current: { save: () => Promise.resolve(doc(options.typed ?? 'Vérifier le joint.')) } as EditorCanvasHandle };
  const dirty = { current: options.dirty ?? true };
  const opened = options.id === null ? null : article;
  return renderHook(() =>
    useLocalDraft({
      article: opened,
      userId: USER,
      initialDocument: doc('Vérifier le joint.'),
      canvas,
      getValues: () => ({ title: 'Entretien des pompes (2)', image_alt: 'Pompe' }) as never,
      dirty,
      savedId: options.savedId ?? opened?.id ?? null,
      version: options.version ?? opened?.version,
    }),
  );
}
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the article editor’s local draft', () => {
  it('offers a draft that says something the server does not have, and forgets it when ignored', () => {
    writeDraft(12, USER, draft('Entretien des pompes, version longue', 4));
    const { result } = renderDraft();
    expect(result.current.offered?.title).toBe('Entretien des pompes, version longue');
    act(() => result.current.ignore());
    expect(result.current.offered).toBeNull();
    expect(readDraft(12, USER)).toBeNull();
  });

  it('offers nothing when the draft is what the server has, nor another user’s draft', () => {
    writeDraft(12, USER, draft('Entretien des pompes'));
    writeDraft(12, USER + 1, draft('Autre chose'));
    expect(renderDraft().result.current.offered).toBeNull();
  });

  it('writes what is typed once typing pauses, with the version it started from', async () => {
    const { result } = renderDraft({ typed: 'Changer le joint tous les ans.' });
    act(() => result.current.keep());
    expect(readDraft(12, USER)).toBeNull();
    await waitFor(() => expect(readDraft(12, USER)).not.toBeNull());
    expect(readDraft(12, USER)).toMatchObject({ title: 'Entretien des pompes (2)', base_version: 4 });
    expect(JSON.stringify(readDraft(12, USER)?.document)).toContain('Changer le joint tous les ans.');
  });

  it('writes nothing when nothing is left unsaved, nor after a save reached the server', async () => {
    const clean = renderDraft({ dirty: false });
    act(() => clean.result.current.keep());
    await pause(600);
    expect(readDraft(12, USER)).toBeNull();
    clean.unmount();

    const saving = renderDraft();
    act(() => saving.result.current.keep());
    act(() => saving.result.current.discardAfterSave(12, 12));
    await pause(600);
    expect(readDraft(12, USER)).toBeNull();
  });

  it('keeps a new article’s draft under « new », and offers it when a new article is opened again', async () => {
    const typing = renderDraft({ id: null });
    act(() => typing.result.current.keep());
    await waitFor(() => expect(readDraft(null, USER)).not.toBeNull());
    typing.unmount();
    expect(renderDraft({ id: null }).result.current.offered?.title).toBe('Entretien des pompes (2)');
  });
});

describe('a restored draft older than the article', () => {
  const conflict = () =>
    new ApiError(
      409,
      'Modifié par Afi à 06:10.',
      {},
      { conflict: { stale: true, version: 5, current: { ...article, version: 5 } } },
    );

  it('is said to be older, and its save asks which version to keep instead of replacing the newer one', () => {
    const older = draft('Entretien des pompes, version longue', 3);
    expect(draftIsStale(older, article)).toBe(true);
    expect(draftIsStale(draft('x', 4), article)).toBe(false);

    const reloaded: StaffArticleDetail[] = [];
    const { result } = renderHook(() => useVersionGuard(article, (fresh) => reloaded.push(fresh)));
    act(() => result.current.startFrom(older.base_version!));
    expect(result.current.version).toBe(3);
    act(() => void result.current.catchConflict(conflict()));
    render(<>{result.current.notice}</>);
    expect(screen.getByRole('alert').textContent).toContain('Modifié par Afi à 06:10.');
    fireEvent.click(screen.getByRole('button', { name: 'Recharger sa version' }));
    expect(reloaded.map((a) => a.version)).toEqual([5]);
    expect(result.current.version).toBe(5);
    expect(result.current.notice).toBeNull();
  });

  it('lets the user keep what was typed, the next save then replacing the newer version knowingly', () => {
    const { result } = renderHook(() => useVersionGuard(article, () => {}));
    act(() => void result.current.catchConflict(conflict()));
    render(<>{result.current.notice}</>);
    fireEvent.click(screen.getByRole('button', { name: /Continuer à modifier/ }));
    expect(result.current.version).toBe(5);
    expect(result.current.catchConflict(new ApiError(422, 'Titre requis'))).toBe(false);
  });
});
