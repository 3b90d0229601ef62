package dss

// SetSnapshotEverySlot makes an if's snapshot keep every slot (true) or
// only those its arms may change (false, the default).
func SetSnapshotEverySlot(on bool) { snapshotEverySlot = on }
