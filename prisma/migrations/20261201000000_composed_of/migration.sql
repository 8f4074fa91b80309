-- A Lite entry composed from an Input and an Output submission (issue 20): its sources, set by the
-- server only ({ "input": uuid, "output": uuid }); null for an uploaded file.
ALTER TABLE "submissions" ADD COLUMN "composed_of" JSONB;
