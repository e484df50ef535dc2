// Build step of the Play page (python -m marketlib page; marketlib/widgets/pagefolder.py): run
// Pyodide under Node, install the wheels, compile marketlib to bytecode (unchecked-hash .pyc, so
// Python uses them without reading the sources' times) and copy each __pycache__ folder out. The
// page then skips compiling about 100 modules at every start. Usage:
//   node compile.mjs PYODIDE_DIR OUT_DIR WHEEL...
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [core, out, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(core, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: core + "/" });
await pyodide.loadPackage(wheels, { messageCallback: () => {} });
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: out }, "/out");
pyodide.runPython(`
import compileall, os, shutil, marketlib
from py_compile import PycInvalidationMode
top = os.path.dirname(marketlib.__file__)
if not compileall.compile_dir(top, quiet=1, invalidation_mode=PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("marketlib did not compile")
base = os.path.dirname(top)
for folder, dirs, files in os.walk(top):
    if os.path.basename(folder) == "__pycache__":
        target = os.path.join("/out", os.path.relpath(folder, base))
        shutil.copytree(folder, target, dirs_exist_ok=True)
`);
