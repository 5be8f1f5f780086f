/**
 * @module Entry of the admin bundle: registers every component; index.html holds the
 * `<svc-admin>` shell that routes between them.
 */
import './components/svc-admin/svc-admin.ts'
