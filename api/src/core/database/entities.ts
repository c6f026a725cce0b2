// Every TypeORM entity of the application, for the data source and the migration drift test.
// Each domain module owns its entity files; this list only gathers them.
export const ENTITIES: Function[] = [];
