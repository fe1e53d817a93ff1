package printers

import (
	"strconv"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// The configuration kinds' columns (printConfigMap, printSecret,
// printServiceAccount): a ConfigMap counts data and binaryData together, a
// Secret its data (stringData is folded into it by then), and a
// ServiceAccount has had no SECRETS column since v1.24's tokens stopped
// being Secrets.
func init() {
	handlers["ConfigMap"] = handler{
		columns: []column{nameCol, col("Data"), col("Age")},
		row: func(obj api.Object, now time.Time) []string {
			cm := obj.(*api.ConfigMap)
			return []string{cm.Name, strconv.Itoa(len(cm.Data) + len(cm.BinaryData)), Age(cm.CreationTimestamp, now)}
		},
	}
	handlers["Secret"] = handler{
		columns: []column{nameCol, col("Type"), col("Data"), col("Age")},
		row: func(obj api.Object, now time.Time) []string {
			s := obj.(*api.Secret)
			return []string{s.Name, string(s.Type), strconv.Itoa(len(s.Data)), Age(s.CreationTimestamp, now)}
		},
	}
	handlers["ServiceAccount"] = handler{
		columns: []column{nameCol, col("Age")},
		row: func(obj api.Object, now time.Time) []string {
			sa := obj.(*api.ServiceAccount)
			return []string{sa.Name, Age(sa.CreationTimestamp, now)}
		},
	}
}
