-- The five document groups of the Forms page (spec §2 Forms page) are uploads of upload types 3-7
-- (README Decisions "Uploads and news"). Types 1 and 2 come from the reference data.
INSERT INTO "upload_type" ("upload_type_id", "upload_type_description") VALUES
  (3, 'Departmental Forms'),
  (4, 'Team Forms'),
  (5, 'Reference Documents'),
  (6, 'Field Training Forms'),
  (7, 'Holiday Deployment Forms')
ON CONFLICT ("upload_type_id") DO NOTHING;
