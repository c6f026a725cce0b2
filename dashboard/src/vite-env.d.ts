/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_EMAIL_DOMAIN?: string;
  readonly VITE_DESIGNER_CREDIT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
