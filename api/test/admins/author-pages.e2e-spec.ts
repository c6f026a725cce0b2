import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PublishingService } from '../../src/publishing/publishing.service.js';
import { createStaffUser, signIn, signInAsAdmin, type StaffClient } from '../support/auth.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import * as fx from '../backoffice/fixtures.js';

/** Public articles show their author: the pages are rebuilt when the author changes or is deleted. */
describe('author changes rebuild the pages that show them', () => {
  let t: TestApp;
  let admin: StaffClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deleting an author of published articles queues a rebuild; one without any does not', async () => {
    const notify = jest.spyOn(t.app.get(PublishingService), 'notifyChange');
    try {
      const author = await createStaffUser(t, { grid: { blog: 'all' }, firstname: 'Afi', name: 'Mensah' });
      await fx.article(t, { user_id: author.id, status: 'Publié' });
      const quiet = await createStaffUser(t, { grid: { blog: 'all' } });
      await admin.delete(`/api/admin/${quiet.id}/delete`).expect(200);
      expect(notify).not.toHaveBeenCalled();
      await admin.delete(`/api/admin/${author.id}/delete`).expect(200);
      expect(notify).toHaveBeenCalledWith('article.author', 'Auteur « Afi Mensah » supprimé');
    } finally {
      notify.mockRestore();
    }
  });

  it('an author renaming themselves queues a rebuild', async () => {
    const notify = jest.spyOn(t.app.get(PublishingService), 'notifyChange');
    try {
      const me = await signIn(t, { blog: 'all' }, { firstname: 'Kodjo', name: 'Amegah' });
      await fx.article(t, { user_id: me.user!.id, status: 'Publié' });
      await me.post('/api/profile/update').field('firstname', 'Kodjovi').expect(200);
      expect(notify).toHaveBeenCalledWith('article.author', 'Auteur « Kodjovi Amegah » mis à jour');
    } finally {
      notify.mockRestore();
    }
  });
});
