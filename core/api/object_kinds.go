package api

// DeepCopyObject for the application kinds beyond the workload core
// (autoscaling, networking, policy, storage).

func (o *HorizontalPodAutoscaler) DeepCopyObject() Object { return DeepCopy(o) }
func (o *Ingress) DeepCopyObject() Object                 { return DeepCopy(o) }
func (o *IngressClass) DeepCopyObject() Object            { return DeepCopy(o) }
func (o *NetworkPolicy) DeepCopyObject() Object           { return DeepCopy(o) }
func (o *PodDisruptionBudget) DeepCopyObject() Object     { return DeepCopy(o) }
func (o *PersistentVolumeClaim) DeepCopyObject() Object   { return DeepCopy(o) }
func (o *PersistentVolume) DeepCopyObject() Object        { return DeepCopy(o) }
func (o *StorageClass) DeepCopyObject() Object            { return DeepCopy(o) }
