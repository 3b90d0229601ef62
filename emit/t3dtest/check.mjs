// Reads material-editor clipboard text (T3D) with ueblueprint, the parser
// behind blueprintue.com, and reports what that client makes of it: whether
// the whole text pastes (ueblueprint parses a paste in one go, so one bad
// object sinks all of it), and per top-level object whether it parses on its
// own, the node title ueblueprint shows, its pins, and every LinkedTo entry
// with whether it names a pin that exists.
//
// Usage: node check.mjs FILE.t3d… (or "-" for stdin). Prints one JSON
// document on stdout; exit status 0 unless a file cannot be read.
import { readFileSync } from "node:fs"
import initializeSerializerFactory from "ueblueprint/js/serialization/initializeSerializerFactory.js"
import ObjectEntity from "ueblueprint/js/entity/ObjectEntity.js"
import nodeTitle from "ueblueprint/js/decoding/nodeTitle.js"
import pinTitle from "ueblueprint/js/decoding/pinTitle.js"

initializeSerializerFactory()

// topLevelObjects splits the text into its top-level Begin/End Object
// blocks, so a fault is pinned on the object that has it.
function topLevelObjects(text) {
    const out = []
    let depth = 0
    let start = -1
    const lines = text.split("\n")
    let offset = 0
    for (const line of lines) {
        const t = line.trim()
        if (/^Begin +Object\b/.test(t)) {
            if (depth === 0) {
                start = offset
            }
            depth++
        } else if (/^End +Object$/.test(t)) {
            depth--
            if (depth === 0 && start >= 0) {
                out.push(text.substring(start, offset + line.length))
                start = -1
            }
        }
        offset += line.length + 1
    }
    return out
}

function str(v) {
    if (v === undefined || v === null) {
        return ""
    }
    return v.toString()
}

function describe(entity) {
    const pins = entity.getPinEntities().map(pin => ({
        id: str(pin.PinId),
        name: str(pin.PinName),
        title: pinTitle(pin),
        output: pin.isOutput(),
        category: str(pin.PinType?.PinCategory),
        subCategory: str(pin.PinType?.PinSubCategory),
        defaultValue: pin.DefaultValue === undefined ? null : str(pin.DefaultValue),
        linkedTo: (pin.LinkedTo?.valueOf() ?? []).map(ref => ({
            object: str(ref.objectName),
            pin: str(ref.pinGuid),
        })),
    }))
    const material = entity.getMaterialSubobject()
    return {
        name: entity.getObjectName(),
        type: entity.getType(),
        title: nodeTitle(entity),
        materialObject: material ? true : false,
        pins,
    }
}

function check(text) {
    const report = { paste: { ok: false, error: "", objects: 0 }, objects: [] }
    try {
        const all = ObjectEntity.grammarMultipleObjects.parse(text, false)
        report.paste.ok = true
        report.paste.objects = all.length
    } catch (e) {
        report.paste.error = String(e.message ?? e).split("\n").slice(0, 3).join(" | ")
    }
    for (const chunk of topLevelObjects(text)) {
        const o = { parsed: false, error: "" }
        try {
            const r = ObjectEntity.grammar.run(chunk.trim())
            if (!r.status) {
                o.error = "does not parse"
            } else {
                Object.assign(o, describe(r.value))
                o.parsed = true
            }
        } catch (e) {
            o.error = String(e.message ?? e).split("\n")[0]
        }
        if (!o.parsed) {
            o.head = chunk.trim().split("\n")[0]
        }
        report.objects.push(o)
    }
    // Links resolve against the objects of the same text.
    const pinsOf = new Map()
    for (const o of report.objects) {
        if (o.parsed) {
            pinsOf.set(o.name, new Set(o.pins.map(p => p.id)))
        }
    }
    for (const o of report.objects) {
        for (const p of o.pins ?? []) {
            for (const l of p.linkedTo) {
                l.found = pinsOf.get(l.object)?.has(l.pin) ?? false
            }
        }
    }
    return report
}

const files = process.argv.slice(2)
const out = []
for (const f of files) {
    const text = readFileSync(f === "-" ? 0 : f, "utf8")
    out.push({ file: f, ...check(text) })
}
process.stdout.write(JSON.stringify(out) + "\n")
