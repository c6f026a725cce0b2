/**
 * Saved views of the lists: any signed-in person, their own views only (another's
 * id is a 404, tested in src/saved-views/saved-views.e2e-spec.ts).
 */
export const signedInRoutes: string[] = ['GET /api/saved-views', 'POST /api/saved-views', 'DELETE /api/saved-views/:id'];
