// Build step of the Play page (python -m marketlib page; marketlib/widgets/pagefolder.py): run
// Pyodide under Node, install the wheels, compile marketlib to bytecode (unchecked-hash .pyc, so
// Python uses them without reading the sources' times) and copy each __pycache__ folder out. The
// page then skips compiling about 100 modules at every start. It also writes preload.json: the
// standard library's modules the worker needs beyond Python's start. Usage:
//   node compile.mjs PYODIDE_DIR OUT_DIR WHEEL...
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [core, out, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(core, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: core + "/" });
pyodide.runPython("import sys; _at_start = set(sys.modules)");
await pyodide.loadPackage(wheels, { messageCallback: () => {} }); // as the page does
pyodide.runPython("_loaded = set(sys.modules)");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: out }, "/out");
pyodide.runPython(`
import compileall, os, shutil
_tools = set(sys.modules) - _loaded  # for this build step only, not for the page
import marketlib
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
// The standard library's modules the worker imports beyond Python's own start, when it imports
// marketlib.widgets.worker and deals each game (preload.json, page.json's "preload"): the page
// imports them before it keeps its snapshot of Python's start, so a warm visit has them already.
pyodide.runPython(`
import json, os, sys
from marketlib.widgets.worker import PageGame
game = PageGame()
for name in ("monsoon", "bansan"):
    game.receive(json.dumps({"type": "start", "setup": {"game": name, "seed": 1,
                                                       "seats": ["you", "greedy"]}}))
stdlib = os.path.dirname(os.__file__) + "/"
def ours(name):
    origin = getattr(getattr(sys.modules[name], "__spec__", None), "origin", None) or ""
    return origin in ("built-in", "frozen") or origin.startswith(stdlib)
new = sorted(n for n in set(sys.modules) - _at_start - _tools
             if n.partition(".")[0] not in ("marketlib", "msgspec") and ours(n))
with open("/out/preload.json", "w") as out:
    json.dump(new, out)
`);
