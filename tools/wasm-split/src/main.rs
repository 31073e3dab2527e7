//! podip-wasm-split: splits podip's release wasm in two, so the page's first load carries only the code its
//! first paint runs (README, "First load"). Binaryen's `wasm-split` does this for Emscripten, but the
//! Debian binaryen (108) cannot read wasm-bindgen's output (`table.fill`) and the npm binaryen ships
//! without it; this tool does the same split with walrus, wasm-bindgen's own IR.
//!
//!   podip-wasm-split instrument IN.wasm OUT.wasm NAMES.txt
//!       OUT calls the import `podip_profile.mark(i)` on entry to the i-th function of IN;
//!       NAMES.txt holds the i-th function's name on line i (scripts/split-profile.mjs reads both).
//!   podip-wasm-split split IN.wasm KEEP.txt PRIMARY.wasm DEFERRED.wasm
//!       PRIMARY keeps the functions KEEP.txt names (and the small and the nameless ones); every other
//!       function's body moves to DEFERRED and leaves a stub behind that loads DEFERRED if it has not
//!       come yet (see `src/ui/split.rs` for the loader) and then calls through the table `__podip_split`.
//!
//! Names carry rustc's hash suffix (`::h0123456789abcdef`), which tells generic instances apart (each
//! component's `view` is one) and stays put across checkouts, but changes with the compiler.

use std::collections::HashSet;
use std::error::Error;
use std::fs;

use walrus::ir::Value;
use walrus::{
    ExportItem, FunctionBuilder, FunctionId, FunctionKind, GlobalKind, ImportKind,
    ImportedFunction, Module, ModuleConfig, RefType, ValType,
};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// Below this many bytes of code a function stays in the primary module: its stub, its export from the
/// deferred module and its table slot would cost about as much as its body.
const MIN_MOVED_BYTES: usize = 40;

/// The deferred module imports everything it shares with the primary module from this namespace.
const PRIMARY: &str = "primary";

/// The wasm-bindgen import the stubs call to load the deferred module synchronously (`split_load` in
/// `src/ui/split.rs`; wasm-bindgen imports it through a shim named `__wbg_split_load_<hash>`, or as it is).
fn is_loader(name: &str) -> bool {
    name == "split_load" || name.starts_with("__wbg_split_load_")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["instrument", input, output, names] => instrument(input, output, names),
        ["split", input, keep, primary, deferred] => split(input, keep, primary, deferred),
        _ => Err(
            "usage: podip-wasm-split instrument IN OUT NAMES | split IN KEEP PRIMARY DEFERRED"
                .into(),
        ),
    };
    if let Err(err) = outcome {
        eprintln!("podip-wasm-split: {err}");
        std::process::exit(1);
    }
}

/// A function's name without rustc's hash suffix.
fn stable_name(name: &str) -> &str {
    match name.rfind("::h") {
        Some(at)
            if name.len() - at == 19 && name[at + 3..].bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            &name[..at]
        }
        _ => name,
    }
}

/// Both outputs ship: no name or producers section (the names were kept only to be matched here).
fn parse(wasm: &[u8]) -> Result<Module> {
    let mut config = ModuleConfig::new();
    config
        .generate_name_section(false)
        .generate_producers_section(false);
    Ok(config.parse(wasm)?)
}

fn local_functions(module: &Module) -> Vec<FunctionId> {
    module.funcs.iter_local().map(|(id, _)| id).collect()
}

fn instrument(input: &str, output: &str, names_path: &str) -> Result<()> {
    let mut module = parse(&fs::read(input)?)?;
    let ty = module.types.add(&[ValType::I32], &[]);
    let (mark, _) = module.add_import_func("podip_profile", "mark", ty);
    let mut names = String::new();
    for (index, id) in local_functions(&module).into_iter().enumerate() {
        let func = module.funcs.get_mut(id);
        names.push_str(func.name.as_deref().unwrap_or(""));
        names.push('\n');
        let FunctionKind::Local(local) = &mut func.kind else {
            unreachable!("a local function")
        };
        let mut body = local.builder_mut().func_body();
        body.instr_at(
            0,
            walrus::ir::Const {
                value: Value::I32(index as i32),
            },
        );
        body.instr_at(1, walrus::ir::Call { func: mark });
    }
    fs::write(names_path, names)?;
    module.emit_wasm_file(output)?;
    Ok(())
}

fn split(input: &str, keep_path: &str, primary_path: &str, deferred_path: &str) -> Result<()> {
    let keep_text = fs::read_to_string(keep_path)?;
    let keep: HashSet<&str> = keep_text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let parts = split_module(&fs::read(input)?, &keep)?;
    fs::write(primary_path, &parts.primary)?;
    fs::write(deferred_path, &parts.deferred)?;
    eprintln!(
        "podip-wasm-split: {} of {} functions deferred; primary {} bytes, deferred {} bytes",
        parts.moved,
        parts.functions,
        parts.primary.len(),
        parts.deferred.len()
    );
    Ok(())
}

/// The two modules a split makes, and how many of the functions moved.
struct Parts {
    primary: Vec<u8>,
    deferred: Vec<u8>,
    moved: usize,
    functions: usize,
}

fn split_module(wasm: &[u8], keep: &HashSet<&str>) -> Result<Parts> {
    let mut primary = parse(wasm)?;
    let mut deferred = parse(wasm)?;
    // A function is kept when KEEP.txt names it exactly. When a compiler other than the one that made
    // KEEP.txt changed the hashes, a listed name without its hash keeps every function of that name
    // (generic instances share one): more code up front, but none missing.
    let names: HashSet<&str> = primary
        .funcs
        .iter()
        .filter_map(|f| f.name.as_deref())
        .collect();
    let drifted: HashSet<&str> = keep
        .iter()
        .filter(|name| !names.contains(*name))
        .map(|name| stable_name(name))
        .collect();
    let kept = |name: &str| keep.contains(name) || drifted.contains(stable_name(name));

    // The functions to move, by function index in order; the k-th is the deferred module's export "k"
    // and the primary module's table slot k. Ids belong to one parse, so the two modules share indices.
    let moved: Vec<usize> = local_functions(&primary)
        .into_iter()
        .filter(|&id| {
            let func = primary.funcs.get(id);
            let FunctionKind::Local(local) = &func.kind else {
                return false;
            };
            let bytes = local.original_range.as_ref().map_or(0, |r| r.len());
            // A function without a name (wasm-bindgen's adapters) cannot be listed, so it stays.
            func.name
                .as_deref()
                .is_some_and(|name| bytes >= MIN_MOVED_BYTES && !kept(name))
        })
        .map(|id| id.index())
        .collect();

    build_deferred(&mut deferred, &moved)?;
    // What the deferred module imports from the primary one, by name: the primary module exports it.
    let wanted: Vec<String> = deferred
        .imports
        .iter()
        .filter(|i| i.module == PRIMARY)
        .map(|i| i.name.clone())
        .collect();
    let deferred_bytes = deferred.emit_wasm();

    let functions = local_functions(&primary).len();
    build_primary(&mut primary, &moved, &wanted)?;
    Ok(Parts {
        primary: primary.emit_wasm(),
        deferred: deferred_bytes,
        moved: moved.len(),
        functions,
    })
}

/// A module's functions by index.
fn functions_by_index(module: &Module) -> Vec<FunctionId> {
    let mut ids: Vec<FunctionId> = module.funcs.iter().map(|f| f.id()).collect();
    ids.sort_by_key(|id| id.index());
    ids
}

/// The deferred module: the moved functions' bodies, each exported by its slot number; everything
/// else (functions, the JavaScript imports, memory, tables, globals) imported from the primary module.
/// Both modules come from the same parse, so an item's id is the same in both and names its import.
fn build_deferred(module: &mut Module, moved: &[usize]) -> Result<()> {
    let by_index = functions_by_index(module);
    let moved_set: HashSet<usize> = moved.iter().copied().collect();
    for id in module.exports.iter().map(|e| e.id()).collect::<Vec<_>>() {
        module.exports.delete(id);
    }
    module.start = None;
    for id in module.data.iter().map(|d| d.id()).collect::<Vec<_>>() {
        module.data.delete(id);
    }
    for memory in module.memories.iter_mut() {
        memory.data_segments.clear();
    }
    for id in module.elements.iter().map(|e| e.id()).collect::<Vec<_>>() {
        module.elements.delete(id);
    }
    for table in module.tables.iter_mut() {
        table.elem_segments.clear();
        table.init = None;
    }
    // Imports that stay JavaScript's are reached through the primary module's exports.
    for import in module.imports.iter_mut() {
        import.name = shared_name(&import.kind)?;
        import.module = PRIMARY.to_string();
    }
    for id in local_functions(module) {
        if moved_set.contains(&id.index()) {
            continue;
        }
        let ty = module.funcs.get(id).ty();
        let import = module.imports.add(
            PRIMARY,
            &shared_name(&ImportKind::Function(id))?,
            ImportKind::Function(id),
        );
        module.funcs.get_mut(id).kind = FunctionKind::Import(ImportedFunction { import, ty });
    }
    // The memory, the tables and the globals the primary module defines.
    let defined: Vec<ImportKind> = (module.memories.iter())
        .filter(|m| m.import.is_none())
        .map(|m| ImportKind::Memory(m.id()))
        .chain(
            module
                .tables
                .iter()
                .filter(|t| t.import.is_none())
                .map(|t| ImportKind::Table(t.id())),
        )
        .chain(
            (module.globals.iter())
                .filter(|g| matches!(g.kind, GlobalKind::Local(_)))
                .map(|g| ImportKind::Global(g.id())),
        )
        .collect();
    for kind in defined {
        let name = shared_name(&kind)?;
        match kind {
            ImportKind::Memory(id) => {
                let import = module.imports.add(PRIMARY, &name, kind);
                module.memories.get_mut(id).import = Some(import);
            }
            ImportKind::Table(id) => {
                let import = module.imports.add(PRIMARY, &name, kind);
                module.tables.get_mut(id).import = Some(import);
            }
            ImportKind::Global(id) => {
                let import = module.imports.add(PRIMARY, &name, kind);
                module.globals.get_mut(id).kind = GlobalKind::Import(import);
            }
            ImportKind::Function(_) | ImportKind::Tag(_) => {
                unreachable!("only memories, tables and globals")
            }
        }
    }
    for (slot, &index) in moved.iter().enumerate() {
        module.exports.add(&slot.to_string(), by_index[index]);
    }
    walrus::passes::gc::run(module);
    refuse_segment_use(module)
}

/// The name the deferred module imports a shared item by, and the primary module exports it as: its
/// kind and its index, the same in both modules.
fn shared_name(kind: &ImportKind) -> Result<String> {
    Ok(match kind {
        ImportKind::Function(id) => format!("f{}", id.index()),
        ImportKind::Table(id) => format!("t{}", id.index()),
        ImportKind::Memory(id) => format!("m{}", id.index()),
        ImportKind::Global(id) => format!("g{}", id.index()),
        ImportKind::Tag(_) => return Err("tags are not supported".into()),
    })
}

/// The deferred module has no data or element segments of its own (they stay with the primary module,
/// which initializes memory and tables once); a moved body that named one would be wrong, so refuse.
fn refuse_segment_use(module: &Module) -> Result<()> {
    use walrus::ir::{Instr, Visitor};
    struct Finder(Option<&'static str>);
    impl<'a> Visitor<'a> for Finder {
        fn visit_instr(&mut self, instr: &'a Instr, _: &'a walrus::InstrLocId) {
            self.0 = self.0.or(match instr {
                Instr::MemoryInit(_) | Instr::DataDrop(_) => Some("a data segment"),
                Instr::TableInit(_) | Instr::ElemDrop(_) => Some("an element segment"),
                Instr::RefFunc(_) => Some("ref.func"),
                _ => None,
            });
        }
    }
    for (_, func) in module.funcs.iter_local() {
        let mut finder = Finder(None);
        walrus::ir::dfs_in_order(&mut finder, func, func.entry_block());
        if let Some(what) = finder.0 {
            return Err(
                format!("a deferred function uses {what}; keep it in the primary module").into(),
            );
        }
    }
    Ok(())
}

/// The primary module: each moved function becomes a stub that makes sure the deferred module is in
/// (calling the loader import when its table slot is still empty) and calls through the slot.
fn build_primary(module: &mut Module, moved: &[usize], wanted: &[String]) -> Result<()> {
    let by_index = functions_by_index(module);
    let loader = module
        .imports
        .iter()
        .find_map(|i| match i.kind {
            ImportKind::Function(f) if is_loader(&i.name) => Some(f),
            _ => None,
        })
        .ok_or("the loader import (src/ui/split.rs) is missing")?;
    let slots = moved.len() as u64;
    let table = module
        .tables
        .add_local(false, slots, Some(slots), RefType::FUNCREF);
    module.exports.add("__podip_split", table);

    // ensure(slot): load the deferred module if the slot is still empty.
    let mut ensure = FunctionBuilder::new(&mut module.types, &[ValType::I32], &[]);
    let slot = module.locals.add(ValType::I32);
    ensure
        .func_body()
        .local_get(slot)
        .table_get(table)
        .ref_is_null()
        .if_else(
            None,
            |then| {
                then.i32_const(1).call(loader);
            },
            |_| {},
        );
    let ensure = ensure.finish(vec![slot], &mut module.funcs);

    for (index, &function) in moved.iter().enumerate() {
        let id = by_index[function];
        let ty = module.funcs.get(id).ty();
        let (params, results) = {
            let t = module.types.get(ty);
            (t.params().to_vec(), t.results().to_vec())
        };
        let mut stub = FunctionBuilder::new(&mut module.types, &params, &results);
        let args: Vec<_> = params.iter().map(|&p| module.locals.add(p)).collect();
        let mut body = stub.func_body();
        body.i32_const(index as i32).call(ensure);
        for &arg in &args {
            body.local_get(arg);
        }
        body.i32_const(index as i32).call_indirect(ty, table);
        module.funcs.get_mut(id).kind = FunctionKind::Local(stub.local_func(args));
    }

    let exported: Vec<(&str, ExportItem)> = wanted
        .iter()
        .map(|name| {
            let index: usize = name[1..]
                .parse()
                .expect("an index the deferred module's import named");
            let item = match &name[..1] {
                "f" => ExportItem::Function(by_index[index]),
                "t" => ExportItem::Table(nth(module.tables.iter().map(|t| t.id()), index)),
                "m" => ExportItem::Memory(nth(module.memories.iter().map(|m| m.id()), index)),
                _ => ExportItem::Global(nth(module.globals.iter().map(|g| g.id()), index)),
            };
            (name.as_str(), item)
        })
        .collect();
    for (name, item) in exported {
        module.exports.add(name, item);
    }
    walrus::passes::gc::run(module);
    Ok(())
}

/// The item of a kind whose arena index is `index`.
fn nth<T>(ids: impl Iterator<Item = id_arena::Id<T>>, index: usize) -> id_arena::Id<T> {
    ids.into_iter()
        .find(|id| id.index() == index)
        .expect("the item the deferred module imports")
}

#[cfg(test)]
mod tests {
    use super::*;
    use walrus::ir::BinaryOp;
    use walrus::{ConstExpr, ExportItem, MemoryId};

    #[test]
    fn stable_names_drop_only_rustc_hashes() {
        for (name, stable) in [
            (
                "podip::sim::Simulation::dispatch::h8fddd660978dbfc8",
                "podip::sim::Simulation::dispatch",
            ),
            ("core::fmt::write::h0123456789abcdef", "core::fmt::write"),
            ("podip::ui::Page::run::page", "podip::ui::Page::run::page"),
            ("not::a::hash::h0123", "not::a::hash::h0123"),
            ("not::hex::hzzzzzzzzzzzzzzzz", "not::hex::hzzzzzzzzzzzzzzzz"),
            ("", ""),
        ] {
            assert_eq!(stable_name(name), stable, "{name}");
        }
    }

    /// A module like wasm-bindgen's: the loader import, a memory with data, a stack-pointer global,
    /// a function table, and three functions: `start` (kept) calls `big` (moved) and `tiny`; `big`
    /// calls `tiny` and reads the global and the memory.
    fn sample() -> Vec<u8> {
        let mut module = Module::default();
        let memory: MemoryId = module.memories.add_local(false, false, 1, None, None);
        module.exports.add("memory", memory);
        module.data.add(
            walrus::DataKind::Active {
                memory,
                offset: ConstExpr::Value(Value::I32(8)),
            },
            b"podip".to_vec(),
        );
        let sp = module.globals.add_local(
            ValType::I32,
            true,
            false,
            ConstExpr::Value(Value::I32(1024)),
        );
        let loader_ty = module.types.add(&[ValType::I32], &[]);
        let (loader, _) =
            module.add_import_func("./podip-web_bg.js", "__wbg_split_load_0123", loader_ty);
        module.funcs.get_mut(loader).name = Some("loader".into());

        let mut tiny = FunctionBuilder::new(&mut module.types, &[ValType::I32], &[ValType::I32]);
        let x = module.locals.add(ValType::I32);
        tiny.func_body()
            .local_get(x)
            .i32_const(1)
            .binop(BinaryOp::I32Add);
        let tiny = tiny.finish(vec![x], &mut module.funcs);
        module.funcs.get_mut(tiny).name = Some("podip::tiny::h0000000000000001".into());

        let mut big = FunctionBuilder::new(&mut module.types, &[ValType::I32], &[ValType::I32]);
        let y = module.locals.add(ValType::I32);
        let mut body = big.func_body();
        body.local_get(y);
        for step in 0..20 {
            body.call(tiny).i32_const(step).binop(BinaryOp::I32Xor);
        }
        body.global_get(sp).binop(BinaryOp::I32Add);
        body.i32_const(8)
            .load(
                memory,
                walrus::ir::LoadKind::I32_8 {
                    kind: walrus::ir::ExtendedLoad::ZeroExtend,
                },
                walrus::ir::MemArg {
                    align: 1,
                    offset: 0,
                },
            )
            .binop(BinaryOp::I32Add);
        let big = big.finish(vec![y], &mut module.funcs);
        module.funcs.get_mut(big).name = Some("podip::big::h0000000000000002".into());

        let mut start = FunctionBuilder::new(&mut module.types, &[], &[ValType::I32]);
        start.func_body().i32_const(0).call(big).call(tiny);
        let start = start.finish(vec![], &mut module.funcs);
        module.funcs.get_mut(start).name = Some("podip::start::h0000000000000003".into());
        module.exports.add("start", start);
        // The loader is called from Rust too (the prefetch), so the import is in the module.
        let mut prefetch = FunctionBuilder::new(&mut module.types, &[], &[]);
        prefetch.func_body().i32_const(0).call(loader);
        let prefetch = prefetch.finish(vec![], &mut module.funcs);
        module.exports.add("prefetch", prefetch);
        module.emit_wasm()
    }

    fn keep<'a>(names: &[&'a str]) -> HashSet<&'a str> {
        names.iter().copied().collect()
    }

    #[test]
    fn moves_unlisted_functions_and_shares_the_rest() {
        let parts = split_module(&sample(), &keep(&["podip::start::h0000000000000003"])).unwrap();
        assert_eq!(
            parts.moved, 1,
            "only `big`: `tiny` is below the size worth moving"
        );
        let primary = parse(&parts.primary).unwrap();
        let deferred = parse(&parts.deferred).unwrap();

        // The deferred module exports the moved body as slot 0 and defines nothing it shares.
        let exports: Vec<&str> = deferred.exports.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(exports, ["0"]);
        assert_eq!(
            deferred.data.iter().count(),
            0,
            "data stays with the primary module"
        );
        assert_eq!(deferred.elements.iter().count(), 0);
        assert!(deferred.memories.iter().all(|m| m.import.is_some()));
        assert!(deferred
            .globals
            .iter()
            .all(|g| matches!(g.kind, GlobalKind::Import(_))));
        assert_eq!(deferred.funcs.iter_local().count(), 1);

        // Everything it imports comes from the primary module, which exports it under that name.
        let primary_exports: HashSet<&str> =
            primary.exports.iter().map(|e| e.name.as_str()).collect();
        let imports: Vec<&walrus::Import> = deferred.imports.iter().collect();
        assert!(!imports.is_empty());
        for import in imports {
            assert_eq!(import.module, PRIMARY);
            assert!(
                primary_exports.contains(import.name.as_str()),
                "{} is not exported",
                import.name
            );
        }
        // The primary module's split table has one slot, and its data and exports are intact.
        let table = primary
            .exports
            .iter()
            .find(|e| e.name == "__podip_split")
            .unwrap();
        let ExportItem::Table(table) = table.item else {
            panic!("__podip_split is a table")
        };
        assert_eq!(primary.tables.get(table).initial, 1);
        assert_eq!(primary.data.iter().count(), 1);
        for name in ["memory", "start", "prefetch"] {
            assert!(primary_exports.contains(name), "{name}");
        }
    }

    #[test]
    fn listed_functions_stay_and_a_changed_hash_keeps_by_name() {
        let listed = split_module(
            &sample(),
            &keep(&[
                "podip::start::h0000000000000003",
                "podip::big::h0000000000000002",
            ]),
        )
        .unwrap();
        assert_eq!(listed.moved, 0);
        // Another compiler's hashes: `big` is listed by a name no function has, so its name keeps it.
        let drifted = split_module(
            &sample(),
            &keep(&[
                "podip::start::h0000000000000003",
                "podip::big::hffffffffffffffff",
            ]),
        )
        .unwrap();
        assert_eq!(drifted.moved, 0);
        let none = split_module(&sample(), &keep(&[])).unwrap();
        assert_eq!(
            none.moved, 1,
            "`big`; `start` and `tiny` are too small, `prefetch` has no name"
        );
    }

    #[test]
    fn a_module_without_the_loader_is_refused() {
        let mut module = parse(&sample()).unwrap();
        let import = module
            .imports
            .iter()
            .find(|i| is_loader(&i.name))
            .unwrap()
            .id();
        module.imports.get_mut(import).name = "something_else".into();
        let err = split_module(&module.emit_wasm(), &keep(&[])).err().unwrap();
        assert!(err.to_string().contains("loader import"), "{err}");
    }
}
