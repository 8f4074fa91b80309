-- Issue 48, item 3: the host signs each snapshot's manifest with Ed25519
-- (lib/server/snapshots/signing.ts). The public keys live here, shared by every web process and
-- worker on this database; a private key never does (it is in DATA_DIR or SNAPSHOT_SIGNING_KEY).
-- At most one key is active (retired_at NULL): a process registers or generates one under an
-- advisory lock, and a new key retires the one before it. A retired key stays listed (and served
-- at /.well-known/leaderboard-keys.json) so the signatures made with it still verify.
CREATE TABLE "signing_keys" (
    "key_id" TEXT NOT NULL,
    "alg" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retired_at" TIMESTAMPTZ(3),

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("key_id")
);

-- A snapshot's detached signature over the exact bytes of its manifest.json (whose SHA-256 is the
-- snapshot's id), made once — when the snapshot is made, or on the first request for it. Like a
-- snapshot's task and release, the snapshot is a plain reference: the signature of the same bytes
-- stays true whatever happens to the row.
CREATE TABLE "snapshot_signatures" (
    "snapshot_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "signature" BYTEA NOT NULL,
    "signed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "snapshot_signatures_pkey" PRIMARY KEY ("snapshot_id")
);
ALTER TABLE "snapshot_signatures" ADD CONSTRAINT "snapshot_signatures_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "signing_keys"("key_id") ON DELETE RESTRICT ON UPDATE CASCADE;
