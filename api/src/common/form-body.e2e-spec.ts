import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';

type Schema = { $ref?: string; properties?: Record<string, unknown>; required?: string[] };
type Document = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

/** The forms read at the edge (@FormBody) show their fields in the OpenAPI document. */
describe('form bodies in the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await request(t.http).get('/api/docs/openapi.json').expect(200)).body as Document;
  });
  afterAll(() => t.close());

  const fieldsOf = (path: string, method: string, type: string) => {
    const schema = doc.paths[path]?.[method]?.requestBody?.content[type]?.schema;
    const named = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
    return { properties: Object.keys(named?.properties ?? {}), required: named?.required ?? [] };
  };

  it('documents each form route with its DTO’s fields and the encoding the dashboard sends', () => {
    const customer = fieldsOf('/api/customer/create', 'post', 'multipart/form-data');
    expect(customer.properties).toEqual(expect.arrayContaining(['company_name', 'company_email', 'representative_email']));
    expect(customer.required).toContain('company_email');
    expect(fieldsOf('/api/product/create', 'post', 'multipart/form-data').properties).toEqual(
      expect.arrayContaining(['name', 'reference', 'price', 'brand_id']),
    );
    expect(fieldsOf('/api/blog/{id}/update', 'post', 'multipart/form-data').properties).toEqual(
      expect.arrayContaining(['title', 'content', 'status', 'image_alt']),
    );
    expect(fieldsOf('/api/exchange-rate', 'post', 'application/json').required).toEqual(['currency_code', 'rate']);
  });
});
